// The Audit page as a reviewer reads it: people's decisions first, a run's agent output folded into one row, every
// event still reachable, dates in one style, dark mode, and no hydration error when an event happened just after
// midnight UTC (Node writes that hour as "24" where the browser writes "00": the dates used to differ between the
// server's HTML and the browser's first render, React threw the page away and the theme went with it).
import pg from "pg";
import { type APIRequestContext } from "@playwright/test";
import { expect, test } from "./fixtures/hydration";
import { created, databaseUrl, shoot, uid } from "./helpers";

let sql: pg.Client;
test.beforeAll(async () => {
  sql = new pg.Client({ connectionString: databaseUrl() });
  await sql.connect();
});
test.afterAll(async () => sql.end());

/** A campaign with three drafts (approved, rejected, edited through the API) and a run with agent output. */
async function seed(request: APIRequestContext) {
  const u = uid();
  const project = await created<{ id: number }>(await request.post("/api/projects", { data: { name: `Audit people ${u}` } }));
  const campaign = await created<{ id: number }>(await request.post("/api/campaigns", { data: { projectId: project.id, name: `Audit people ${u}`, platform: "forum", skill: "forum-scout" } }));
  const { rows: org } = await sql.query<{ organization_id: number }>("SELECT organization_id FROM projects WHERE id = $1", [project.id]);
  const orgId = org[0]!.organization_id;
  const { rows: run } = await sql.query<{ id: number }>(
    `INSERT INTO runs (organization_id, campaign_id, project_id, kind, status, runner, trigger) VALUES ($1, $2, $3, 'campaign', 'success', 'cloud', 'manual') RETURNING id`,
    [orgId, campaign.id, project.id],
  );
  const runId = run[0]!.id;
  const draftIds: number[] = [];
  for (const name of ["ada", "bob", "cy"]) {
    const { rows } = await sql.query<{ id: number }>(
      `INSERT INTO drafts (organization_id, project_id, campaign_id, run_id, state, kind, platform, account_handle, target_user, body, updated_at)
       VALUES ($1, $2, $3, $4, 'pending_review', 'dm', 'forum', 'acct', $5, 'Hello there', now()) RETURNING id`,
      [orgId, project.id, campaign.id, runId, `${name}_${u}`],
    );
    draftIds.push(rows[0]!.id);
  }
  const types = ["lifecycle", "message_chunk", "tool_call", "message_chunk", "lifecycle"];
  for (const [i, type] of types.entries()) {
    await sql.query(`INSERT INTO run_events (organization_id, run_id, seq, type, payload) VALUES ($1, $2, $3, $4, $5)`, [
      orgId, runId, i + 1, type, JSON.stringify(type === "lifecycle" ? { phase: i === 0 ? "starting" : "finished" } : type === "tool_call" ? { title: "mcp__outreach__forum_scout", rawInput: { communities: ["logistics"] } } : { text: `chunk ${i}` }),
    ]);
  }
  expect((await request.patch(`/api/drafts/${draftIds[0]}`, { data: { state: "approved" } })).status()).toBe(200);
  expect((await request.patch(`/api/drafts/${draftIds[1]}`, { data: { state: "rejected", reason: "off topic" } })).status()).toBe(200);
  return { u, orgId, projectId: project.id, campaignId: campaign.id, draftIds, runId };
}

/** Moves a draft's events to five past midnight UTC of a day that has passed. */
async function atFivePastMidnightUtc(draftId: number) {
  await sql.query(
    `UPDATE draft_events SET created_at = date_trunc('day', now() AT TIME ZONE 'UTC' - interval '1 hour') AT TIME ZONE 'UTC' + interval '5 minutes' WHERE draft_id = $1`,
    [draftId],
  );
}

test("audit: an event just after midnight UTC renders without a hydration error, and the page follows dark mode", async ({ page, request }) => {
  const s = await seed(request);
  await atFivePastMidnightUtc(s.draftIds[0]!);
  await page.goto(`/audit?draft=${s.draftIds[0]}`);
  const table = page.getByRole("table", { name: "Audit events" });
  await expect(table).toContainText(`Approved to ada_${s.u}`);
  await page.waitForLoadState("networkidle");

  const surface = page.locator("main");
  const light = await table.evaluate((el) => getComputedStyle(el.parentElement!).backgroundColor);
  await page.evaluate(() => localStorage.setItem("theme", "dark"));
  await page.reload();
  await expect(table).toContainText(`Approved to ada_${s.u}`);
  await page.waitForLoadState("networkidle");
  // The theme class survives hydration (a hydration error re-rendered the page without it).
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  const dark = await table.evaluate((el) => getComputedStyle(el.parentElement!).backgroundColor);
  expect(dark).not.toBe(light);
  await expect(surface).toBeVisible();
  await page.evaluate(() => localStorage.setItem("theme", "light"));
});

test("audit: people's decisions first, a run folded into one row that opens, All events keeps the rest", async ({ page, request }) => {
  const s = await seed(request);
  await page.goto(`/audit?actor=owner`);
  const table = page.getByRole("table", { name: "Audit events" });
  // Who did what, by username, in words; the event code is in the badge's tooltip.
  const approved = table.locator("tr", { hasText: `Draft #${s.draftIds[0]}` });
  await expect(approved).toContainText("owner");
  await expect(approved.getByText("Approved", { exact: true })).toHaveAttribute("title", "draft event: approved");
  const rejected = table.locator("tr", { hasText: `Draft #${s.draftIds[1]}` });
  await expect(rejected).toContainText(`Rejected to bob_${s.u}: off topic`);
  // One date style: relative words, the absolute time in the viewer's zone on hover.
  await expect(approved.locator("time")).toHaveText(/just now|\d+ min ago/);
  await expect(approved.locator("time")).toHaveAttribute("title", /\d{4}, \d{2}:\d{2}:\d{2} (UTC|GMT)/);

  // The default view folds each run into one row; its agent output opens beneath it.
  await page.goto(`/audit?run=${s.runId}&view=decisions`);
  await expect(table.locator("tbody > tr")).toHaveCount(1);
  const runRow = table.locator("tr", { hasText: `Run #${s.runId}` });
  await expect(runRow).toContainText(`Campaign run of Audit people ${s.u}: success, 3 drafts, 5 events`);
  await runRow.getByRole("button", { name: `Show 5 events of run ${s.runId}` }).click();
  const events = table.getByRole("list", { name: `Events of run ${s.runId}` });
  await expect(events.getByRole("listitem")).toHaveCount(5);
  await expect(events).toContainText("Agent: chunk 1");
  await expect(events).toContainText("Agent: Looking at posts in r/logistics");
  await shoot(page, "audit-run-folded");

  // The decisions view leaves out what the run did by itself; All events shows every event of the run.
  await page.goto(`/audit?run=${s.runId}`);
  await expect(page.getByLabel("Show")).toHaveValue("all");
  await expect(table.locator("tbody > tr")).toHaveCount(5);
  await page.getByLabel("Show").selectOption("decisions");
  await expect(page).toHaveURL(/view=decisions/);
  await expect(table.locator("tbody > tr")).toHaveCount(1);

  // The filters apply as they change: who, then back to everything.
  await page.goto("/audit");
  await expect(page.getByLabel("Show")).toHaveValue("decisions");
  await page.getByLabel("Who").fill("owner");
  await expect(page).toHaveURL(/actor=owner/);
  await expect(table.locator("tbody > tr").first()).toContainText("owner");
  await shoot(page, "audit-people-first");

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/audit?actor=owner`);
  const cards = page.getByRole("list", { name: "Audit events" });
  await expect(cards.locator(`[data-audit-card]`).first()).toBeVisible();
  await expect(page.getByRole("table", { name: "Audit events" })).toHaveCount(0);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await shoot(page, "audit-390");
});
