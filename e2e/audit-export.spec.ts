// The audit feed and the CSV exports as a person uses them: the feed's filters in the URL, links to the draft and
// the run, Load more, rows arriving live; and Export CSV on the Inbox and People pages downloading what the page
// shows (its filters), in the spec's columns.
import fs from "node:fs";
import http from "node:http";
import zlib from "node:zlib";
import pg from "pg";
import { type APIRequestContext } from "@playwright/test";
import { expect, test } from "./fixtures/hydration";
import { created, databaseUrl, shoot, uid } from "./helpers";
import { E2E_ARTIFACTS } from "../playwright.config";

let sql: pg.Client;
test.beforeAll(async () => {
  sql = new pg.Client({ connectionString: databaseUrl() });
  await sql.connect();
});
test.afterAll(async () => sql.end());

/** A project and campaign with two drafts (one approved through the API) and a run with a few events. */
async function seed(request: APIRequestContext) {
  const u = uid();
  const project = await created<{ id: number }>(await request.post("/api/projects", { data: { name: `Audit ${u}` } }));
  const campaign = await created<{ id: number }>(await request.post("/api/campaigns", { data: { projectId: project.id, name: `Audit ${u}`, platform: "forum", skill: "forum-scout" } }));
  const { rows: org } = await sql.query<{ organization_id: number }>("SELECT organization_id FROM projects WHERE id = $1", [project.id]);
  const orgId = org[0]!.organization_id;
  const draftIds: number[] = [];
  for (const [i, body] of ["=SUM(1,2) is how we count, \"really\"", "A plain draft"].entries()) {
    const { rows } = await sql.query<{ id: number }>(
      `INSERT INTO drafts (organization_id, project_id, campaign_id, state, kind, platform, account_handle, target_user, body, updated_at)
       VALUES ($1, $2, $3, 'pending_review', 'dm', 'forum', 'acct', $4, $5, now()) RETURNING id`,
      [orgId, project.id, campaign.id, `person${i}_${u}`, body],
    );
    draftIds.push(rows[0]!.id);
  }
  expect((await request.patch(`/api/drafts/${draftIds[1]}`, { data: { state: "approved" } })).status()).toBe(200);
  const { rows: run } = await sql.query<{ id: number }>(
    `INSERT INTO runs (organization_id, campaign_id, project_id, kind, status, runner, trigger) VALUES ($1, $2, $3, 'campaign', 'success', 'cloud', 'manual') RETURNING id`,
    [orgId, campaign.id, project.id],
  );
  for (let i = 0; i < 3; i++) {
    await sql.query(`INSERT INTO run_events (organization_id, run_id, seq, type, payload) VALUES ($1, $2, $3, 'lifecycle', $4)`, [orgId, run[0]!.id, i + 1, JSON.stringify({ phase: ["starting", "spawned", "finished"][i], detail: `step ${i}` })]);
  }
  return { u, orgId, projectId: project.id, campaignId: campaign.id, draftIds, runId: run[0]!.id };
}

test("audit: draft and run events newest first, filters in the URL, links, Load more, live rows", async ({ page, request }) => {
  const s = await seed(request);
  await page.goto("/audit");
  const table = page.getByRole("table", { name: "Audit events" });
  await expect(table).toBeVisible();
  const approved = table.locator("tr", { hasText: `Draft #${s.draftIds[1]}` }).filter({ hasText: "approved" });
  await expect(approved).toContainText(`Approved to person1_${s.u}`);
  await expect(approved).toContainText("owner");
  // People first: the run is one row, and its events open beneath it.
  const runRow = table.locator("tr", { hasText: `Run #${s.runId}` }).first();
  await runRow.getByRole("button", { name: `Show 3 events of run ${s.runId}` }).click();
  await expect(table.getByRole("list", { name: `Events of run ${s.runId}` })).toContainText("finished: step 2");
  await shoot(page, "audit");

  // Filters go to the URL as they change (no Apply button).
  await page.getByLabel("Kind").selectOption("run");
  await expect(page).toHaveURL(/kind=run/);
  await page.getByLabel("Run id").fill(String(s.runId));
  await expect(page).toHaveURL(new RegExp(`kind=run.*run=${s.runId}`));
  await expect(table.locator("tbody tr")).toHaveCount(3);
  await expect(table.getByText("draft", { exact: true })).toHaveCount(0);
  await table.getByRole("link", { name: `Run #${s.runId}` }).first().click();
  await expect(page).toHaveURL(new RegExp(`/runs/${s.runId}$`));

  // A new run event arrives while the page is open: it is prepended without a reload.
  await page.goto(`/audit?run=${s.runId}`);
  await expect(table.locator("tbody tr")).toHaveCount(3);
  // The page hears events once its stream is live; one sent before that is for the page's first render to show.
  await expect(page.getByRole("status", { name: "Live updates: Live" })).toBeVisible();
  const { rows } = await sql.query<{ id: number }>(`INSERT INTO run_events (organization_id, run_id, seq, type, payload) VALUES ($1, $2, 4, 'stderr', $3) RETURNING id`, [s.orgId, s.runId, JSON.stringify({ text: "warning: late output" })]);
  await sql.query(`SELECT pg_notify('outreach_events', $1)`, [JSON.stringify({ o: s.orgId, t: "run:log", eventId: rows[0]!.id })]);
  await expect(table.locator("tbody tr").first()).toContainText("stderr: warning: late output");
  await expect(table.locator("tbody tr")).toHaveCount(4);

  // The draft link opens that draft on its own in the inbox.
  await page.goto(`/audit?draft=${s.draftIds[1]}`);
  await table.getByRole("link", { name: `Draft #${s.draftIds[1]}` }).first().click();
  await expect(page.getByTestId("chosen-drafts")).toContainText(`Showing only draft #${s.draftIds[1]}`);
});

test("audit: Load more pages through the feed without repeating a row", async ({ page, request }) => {
  const s = await seed(request);
  for (let i = 0; i < 60; i++) {
    await sql.query(`INSERT INTO run_events (organization_id, run_id, seq, type, payload, created_at) VALUES ($1, $2, $3, 'message_chunk', $4, now() - interval '1 hour')`, [s.orgId, s.runId, 10 + i, JSON.stringify({ text: `chunk ${i}` })]);
  }
  await page.goto(`/audit?run=${s.runId}`);
  const rows = page.getByRole("table", { name: "Audit events" }).locator("tbody tr");
  await expect(rows).toHaveCount(50);
  await page.getByRole("button", { name: "Load more" }).click();
  await expect(rows).toHaveCount(63);
  await expect(page.getByRole("button", { name: "Load more" })).toHaveCount(0);
  const keys = await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute("data-audit-row")));
  expect(new Set(keys).size).toBe(63);
});

test("Export CSV on the Inbox downloads the drafts the page shows, in the spec's columns, formulas neutralised", async ({ page, request }) => {
  const s = await seed(request);
  await page.goto(`/inbox?campaign=${s.campaignId}&state=all`);
  const link = page.getByTestId("export-drafts");
  await expect(link).toHaveAttribute("href", new RegExp(`^/api/export/drafts\\?campaign=${s.campaignId}&format=csv$`));
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  expect(download.suggestedFilename()).toBe(`drafts-${new Date().toISOString().slice(0, 10)}.csv`);
  const text = fs.readFileSync((await download.path())!, "utf8");
  const lines = text.trim().split("\n");
  expect(lines[0]).toBe("id,created_at,state,platform,account_handle,target_user,target_community,campaign_id,run_id,body,project_id,project_name,campaign_name,quality_score,approved_by");
  expect(lines).toHaveLength(3);
  expect(text).toContain(`"'=SUM(1,2) is how we count, ""really"""`);

  // The Approved tab's export carries its state.
  await page.getByRole("link", { name: "Approved" }).click();
  await expect(link).toHaveAttribute("href", /state=approved%2Carmed/);
  const [approvedOnly] = await Promise.all([page.waitForEvent("download"), link.click()]);
  const approvedLines = fs.readFileSync((await approvedOnly.path())!, "utf8").trim().split("\n");
  expect(approvedLines).toHaveLength(2);
  expect(approvedLines[1]).toContain(`person1_${s.u}`);
});

test("the export is gzip-compressed for a client that asks, and the same bytes for one that does not", async ({ request, baseURL }) => {
  const s = await seed(request);
  const state = JSON.parse(fs.readFileSync(`${E2E_ARTIFACTS}/owner.json`, "utf8")) as { cookies: Array<{ name: string; value: string }> };
  const cookie = state.cookies.map((c) => `${c.name}=${c.value}`).join("; ");
  const get = (acceptEncoding: string) =>
    new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      http.get(`${baseURL}/api/export/drafts?campaign=${s.campaignId}&format=csv`, { headers: { cookie, "accept-encoding": acceptEncoding } }, (res) => {
        const parts: Buffer[] = [];
        res.on("data", (c: Buffer) => parts.push(c));
        res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(parts) }));
      }).on("error", reject);
    });
  const [gzipped, plain] = [await get("gzip, deflate, br"), await get("identity")];
  expect(gzipped.headers["content-encoding"]).toBe("gzip");
  expect(gzipped.headers.vary).toContain("Accept-Encoding");
  expect(plain.headers["content-encoding"]).toBeUndefined();
  expect(plain.headers["content-type"]).toBe("text/csv; charset=utf-8");
  expect(zlib.gunzipSync(gzipped.body).toString("utf8")).toBe(plain.body.toString("utf8"));
  expect(plain.body.toString("utf8")).toContain(`person1_${s.u}`);
  // A refusal still answers through the route's own wrapper: an unknown resource is a 404.
  const missing = await new Promise<number>((resolve) => http.get(`${baseURL}/api/export/nothing?format=csv`, { headers: { cookie } }, (res) => (res.resume(), resolve(res.statusCode!))));
  expect(missing).toBe(404);
});

test("the inbox's list and tab counts are gzip-compressed for a client that asks, and refuse bad input with the one JSON shape", async ({ request, baseURL }) => {
  const s = await seed(request);
  const state = JSON.parse(fs.readFileSync(`${E2E_ARTIFACTS}/owner.json`, "utf8")) as { cookies: Array<{ name: string; value: string }> };
  const cookie = state.cookies.map((c) => `${c.name}=${c.value}`).join("; ");
  const get = (path: string, acceptEncoding: string, withCookie = true) =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      http.get(`${baseURL}${path}`, { headers: { ...(withCookie ? { cookie } : {}), "accept-encoding": acceptEncoding } }, (res) => {
        const parts: Buffer[] = [];
        res.on("data", (c: Buffer) => parts.push(c));
        res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(parts) }));
      }).on("error", reject);
    });
  const list = `/api/drafts?campaign=${s.campaignId}&limit=50`;
  const [gzipped, plain] = [await get(list, "gzip, deflate, br"), await get(list, "identity")];
  expect(gzipped.headers["content-encoding"]).toBe("gzip");
  expect(plain.headers["content-encoding"]).toBeUndefined();
  expect(plain.headers["content-security-policy"]).toBeTruthy();
  const page = JSON.parse(plain.body.toString("utf8")) as { drafts: Array<{ targetUser: string }> };
  expect(JSON.parse(zlib.gunzipSync(gzipped.body).toString("utf8"))).toEqual(page);
  expect(page.drafts.map((d) => d.targetUser)).toContain(`person1_${s.u}`);
  const counts = await get(`/api/drafts/counts?campaign=${s.campaignId}`, "identity");
  expect(counts.status).toBe(200);
  expect((JSON.parse(counts.body.toString("utf8")) as { all: number }).all).toBe(page.drafts.length);
  // The routes' own wrapper still decides: bad input is a 400, no session a 401, each in the one error shape.
  const bad = await get("/api/drafts?limit=abc", "gzip");
  expect(bad.status).toBe(400);
  expect(JSON.parse(bad.body.toString("utf8"))).toMatchObject({ error: "bad_request" });
  const anonymous = await get("/api/drafts/counts", "gzip", false);
  expect(anonymous.status).toBe(401);
  expect(JSON.parse(anonymous.body.toString("utf8"))).toMatchObject({ error: "unauthorized" });
});

test("People: filters for contacts and threads live in the URL, and Export CSV carries them", async ({ page }) => {
  await page.goto("/people?tab=contacts");
  await page.getByLabel("Platform").selectOption("federated");
  await expect(page).toHaveURL(/tab=contacts&platform=federated/);
  await page.getByLabel("Search").fill("ada");
  await expect(page).toHaveURL(/tab=contacts&platform=federated&q=ada/);
  await expect(page.getByTestId("export-contacts")).toHaveAttribute("href", "/api/export/contacts?platform=federated&q=ada&format=csv");
  await shoot(page, "people-contacts-filtered");

  await page.goto("/people");
  await page.getByLabel("Conversations").selectOption("awaiting");
  await expect(page).toHaveURL(/filter=awaiting/);
  await page.getByLabel("Kind").selectOption("post_comment");
  await expect(page).toHaveURL(/filter=awaiting&kind=post_comment/);
  await expect(page.getByTestId("export-conversations")).toHaveAttribute("href", "/api/export/conversations?filter=awaiting&kind=post_comment&format=csv");
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("export-conversations").click()]);
  expect(fs.readFileSync((await download.path())!, "utf8").split("\n")[0]).toBe("thread_id,account_handle,target_user,kind,last_message_at,message_count");
  await shoot(page, "people-threads-filtered");
});
