// The project page's Insights tab and Auto-extract against the real server: a brief seeded in the database is shown
// verbatim as Markdown with its evidence; Regenerate now starts a real (scripted) project-insighter run, shows
// progress and re-renders with the new brief when the run finishes; Auto-extract is disabled while a
// project_extraction run is alive and the description follows project:description:updated; a project's source is an
// archive uploaded through the Edit form, shown in words, and a refused archive says why and keeps the old one.
import pg from "pg";
import { type APIRequestContext } from "@playwright/test";
import { expect, test } from "./fixtures/hydration";
import { databaseUrl, scriptOrgPlaybook, shoot, uid } from "./helpers";
import { FAKE_AGENT_SLUG } from "./server";
import { tarGzOf } from "./source-archive";

let db: pg.Client;
let archive: Buffer;
test.beforeAll(async () => {
  db = new pg.Client({ connectionString: databaseUrl() });
  await db.connect();
  // The project's source is an uploaded archive: the server unpacks it under its data directory (a tenant never
  // names a folder of the server).
  archive = await tarGzOf({ "README.md": "# Harbor\n\nHarbor keeps CI caches warm between runs.\n" });
});
test.afterAll(async () => {
  await db.end();
});

/** A project whose campaign runs on the fake agent (project runs use the runner of the project's newest campaign). */
async function seedProject(request: APIRequestContext, opts: { withSource?: boolean; description?: string } = {}) {
  const u = uid();
  const res = await request.post("/api/projects", { data: { name: `Harbor ${u}`, description: opts.description ?? "A CI cache helper." } });
  expect(res.status(), await res.text()).toBe(201);
  const project = (await res.json()) as { id: number; name: string };
  if (opts.withSource) {
    const up = await request.put(`/api/projects/${project.id}/source/archive?name=harbor.tar.gz`, { data: archive, headers: { "content-type": "application/gzip" } });
    expect(up.status(), await up.text()).toBe(200);
  }
  const c = await request.post("/api/campaigns", { data: { projectId: project.id, name: `Scout ${u}`, platform: "forum", skill: "forum-scout", runner: FAKE_AGENT_SLUG } });
  expect(c.status(), await c.text()).toBe(201);
  const campaign = (await c.json()) as { id: number };
  const { rows } = await db.query<{ organization_id: number }>("SELECT organization_id FROM projects WHERE id = $1", [project.id]);
  return { ...project, campaignId: campaign.id, orgId: rows[0]!.organization_id };
}

async function seedDrafts(orgId: number, projectId: number, n: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO drafts (organization_id, project_id, state, kind, platform, account_handle, target_user, body, updated_at)
       VALUES ($1, $2, $3::"DraftState", 'dm', 'forum', 'harbor_team', $4, $5, now()) RETURNING id`,
      [orgId, projectId, i === 0 ? "replied" : "sent", `maintainer_${i}_${uid()}`, `Hi, your post about cold CI caches (${i}) matched what we built.`],
    );
    ids.push(rows[0]!.id);
  }
  return ids;
}

async function seedReply(orgId: number, draftId: number) {
  const t = await db.query<{ id: number }>(
    `INSERT INTO conversation_threads (organization_id, platform, account_handle, target_user, kind, parent_draft_id, last_message_at, message_count)
     VALUES ($1, 'forum', 'harbor_team', 'maintainer_0', 'dm'::"ThreadKind", $2, now(), 1) RETURNING id`,
    [orgId, draftId],
  );
  const m = await db.query<{ id: number }>(
    `INSERT INTO conversation_messages (organization_id, thread_id, direction, author, body, sent_at) VALUES ($1, $2, 'inbound', 'maintainer_0', 'Sounds useful, does it work with self-hosted runners?', now()) RETURNING id`,
    [orgId, t.rows[0]!.id],
  );
  return { threadId: t.rows[0]!.id, messageId: m.rows[0]!.id };
}

const BRIEF = [
  "## What worked",
  "",
  "DMs that quoted the maintainer's **own words** about cold caches got the only reply this week.",
  "",
  "- Keep openers under 40 words",
  "- Lead with the cache numbers",
  "",
  "| Channel | Sent | Replies |",
  "|---|---|---|",
  "| DM | 6 | 1 |",
  "",
  "Next: try `post_comment` in the self-hosting threads. <script>alert('x')</script>",
].join("\n");

test("Insights tab: the latest brief verbatim as Markdown with its date and evidence", async ({ page, request }) => {
  const project = await seedProject(request);
  const drafts = await seedDrafts(project.orgId, project.id, 6);
  const reply = await seedReply(project.orgId, drafts[0]!);
  // An older brief, then the latest: only the latest is shown. Fixed dates, so the order never depends on today.
  await db.query(`INSERT INTO project_insights (organization_id, project_id, summary_md, evidence, created_at) VALUES ($1, $2, '# Old brief', '[]', '2026-11-19T08:00:00Z')`, [project.orgId, project.id]);
  await db.query(
    `INSERT INTO project_insights (organization_id, project_id, summary_md, evidence, created_at) VALUES ($1, $2, $3, $4, '2026-11-21T09:30:00Z')`,
    [project.orgId, project.id, BRIEF, JSON.stringify([{ draftId: drafts[0], note: "the one that got a reply" }, { messageId: reply.messageId, note: "asks about self-hosted runners" }])],
  );

  await page.goto(`/projects/${project.id}?tab=insights`);
  await expect(page.getByRole("link", { name: "Insights" })).toHaveAttribute("aria-current", "page");
  const brief = page.getByTestId("insight-brief");
  await expect(brief.getByRole("heading", { level: 2, name: "What worked" })).toBeVisible();
  await expect(brief.locator("strong")).toHaveText("own words");
  await expect(brief.getByRole("listitem")).toHaveText(["Keep openers under 40 words", "Lead with the cache numbers"]);
  await expect(brief.getByRole("table")).toContainText("Replies");
  await expect(brief.locator("code")).toHaveText("post_comment");
  // Raw HTML is shown as the text it is, never run.
  await expect(brief).toContainText("<script>alert('x')</script>");
  expect(await page.locator("[data-testid=insight-brief] script").count()).toBe(0);
  await expect(page.getByText("# Old brief")).toHaveCount(0);
  await expect(page.getByText("Written Nov 21, 2026, 09:30 UTC")).toBeVisible();

  const evidence = page.getByTestId("insight-evidence");
  await expect(evidence.getByRole("link", { name: `Draft #${drafts[0]}` })).toHaveAttribute("href", `/inbox?ids=${drafts[0]}&state=all`);
  await expect(evidence.getByRole("link", { name: `Message #${reply.messageId}` })).toHaveAttribute("href", `/conversations/${reply.threadId}#message-${reply.messageId}`);
  await expect(evidence).toContainText("the one that got a reply");
  await expect(evidence).toContainText("does it work with self-hosted runners?");
  await shoot(page, "project-insights");

  // The cited draft opens in the inbox on its own, whatever its state (this one was replied to).
  await evidence.getByRole("link", { name: `Draft #${drafts[0]}` }).click();
  await expect(page).toHaveURL(new RegExp(`/inbox\\?ids=${drafts[0]}&state=all$`));
  await expect(page.getByTestId("chosen-drafts")).toHaveText(new RegExp(`Showing only draft #${drafts[0]}`));
  await expect(page.locator("tr[data-draft-id]")).toHaveCount(1);
  await expect(page.locator(`tr[data-draft-id="${drafts[0]}"]`)).toContainText("cold CI caches (0)");
  await shoot(page, "inbox-chosen-draft");
  await page.getByTestId("chosen-drafts").getByRole("button", { name: "Show all drafts" }).click();
  await expect(page.getByTestId("chosen-drafts")).toHaveCount(0);
  await expect(page.locator(`tr[data-draft-id="${drafts[1]}"]`)).toBeVisible();
});

test("Insights tab: an empty state without a brief, and the stub shown as such", async ({ page, request }) => {
  const project = await seedProject(request);
  await seedDrafts(project.orgId, project.id, 2);
  await page.goto(`/projects/${project.id}?tab=insights`);
  await expect(page.getByRole("heading", { name: "No brief yet" })).toBeVisible();
  await expect(page.getByText("It needs at least 5 drafts; this project has 2.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Regenerate now" })).toBeEnabled();
  await shoot(page, "project-insights-empty");

  await db.query(`INSERT INTO project_insights (organization_id, project_id, summary_md, evidence, is_stub) VALUES ($1, $2, 'Not enough data yet', '[]', true)`, [project.orgId, project.id]);
  await page.reload();
  await expect(page.getByTestId("insight-stub")).toContainText("Not enough data yet");
  await expect(page.getByTestId("insight-stub")).toContainText("this project has 2");
  await shoot(page, "project-insights-stub");
});

test("Regenerate now: a real run writes the brief while the tab shows its progress, then the new brief appears", async ({ page, request }) => {
  test.setTimeout(60_000);
  const project = await seedProject(request);
  const drafts = await seedDrafts(project.orgId, project.id, 5);
  await scriptOrgPlaybook(project.campaignId, "project-insighter", {
    steps: [
      { tool: "project_insights_context" },
      { sleep: 2500 },
      { tool: "project_insights", args: { summaryMd: "## Fresh brief\n\nReplies came from maintainers who *asked* about caching.", evidence: [{ draftId: drafts[1], note: "asked first" }] } },
    ],
  });
  await page.goto(`/projects/${project.id}?tab=insights`);
  await expect(page.getByRole("heading", { name: "No brief yet" })).toBeVisible();
  await expect(page.getByRole("status", { name: "Live updates: Live" })).toBeVisible();
  await page.getByRole("button", { name: "Regenerate now" }).click();

  await expect(page.getByRole("status").filter({ hasText: "Writing the brief…" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Regenerate now" })).toBeDisabled();
  const logLink = page.getByRole("link", { name: "View run log" });
  await expect(logLink).toHaveAttribute("href", /^\/runs\/\d+$/);
  await shoot(page, "project-insights-writing");

  // No reload: run:finished re-renders the tab.
  await expect(page.getByTestId("insight-brief").getByRole("heading", { name: "Fresh brief" })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId("insight-brief").locator("em")).toHaveText("asked");
  await expect(page.getByText("Writing the brief…")).toHaveCount(0);
  await expect(page.getByTestId("insight-evidence").getByRole("link", { name: `Draft #${drafts[1]}` })).toBeVisible();
  await expect(page.getByRole("button", { name: "Regenerate now" })).toBeEnabled();
});

test("Auto-extract: disabled while a project_extraction run is alive, then a run rewrites the description live", async ({ page, request }) => {
  test.setTimeout(60_000);
  const project = await seedProject(request, { withSource: true, description: "Old words about **Harbor**." });
  const live = await db.query<{ id: number }>(
    `INSERT INTO runs (organization_id, project_id, kind, status, runner, playbook_slug, trigger) VALUES ($1, $2, 'project_extraction', 'running'::"RunStatus", $3, 'project-extractor', 'manual') RETURNING id`,
    [project.orgId, project.id, FAKE_AGENT_SLUG],
  );
  await page.goto(`/projects/${project.id}`);
  await expect(page.getByTestId("project-description").locator("strong")).toHaveText("Harbor");
  const button = page.getByRole("button", { name: "Extracting…" });
  await expect(button).toBeDisabled();
  await expect(button).toHaveAttribute("title", /extraction run is reading the project's source/);
  await expect(page.getByRole("link", { name: "View log" })).toHaveAttribute("href", `/runs/${live.rows[0]!.id}`);
  await shoot(page, "project-extracting");

  // The seeded run ends (as the dispatcher would commit it): the button comes back without a reload.
  await expect(page.getByRole("status", { name: "Live updates: Live" })).toBeVisible();
  await db.query(`UPDATE runs SET status = 'failed'::"RunStatus", failure_reason = 'cancelled', finished_at = now() WHERE id = $1`, [live.rows[0]!.id]);
  await db.query(`SELECT pg_notify('outreach_events', $1)`, [JSON.stringify({ o: project.orgId, t: "run:finished", runId: live.rows[0]!.id })]);
  const start = page.getByRole("button", { name: "Auto-extract" });
  await expect(start).toBeEnabled();

  await scriptOrgPlaybook(project.campaignId, "project-extractor", {
    steps: [
      { tool: "project_extract_start" },
      { tool: "project_extract_read", args: { path: "README.md" } },
      { sleep: 1500 },
      { tool: "project_extract_finish", args: { description: "## Harbor\n\nKeeps **CI caches** warm between runs, for small teams." } },
    ],
  });
  await start.click();
  await expect(page.getByRole("button", { name: "Extracting…" })).toBeDisabled();
  await expect(page.getByTestId("project-description").getByRole("heading", { name: "Harbor" })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId("project-description").locator("strong")).toHaveText("CI caches");
  await expect(page.getByRole("button", { name: "Auto-extract" })).toBeEnabled();
});

test("Auto-extract without a source is disabled and says why; uploading an archive under Edit enables it", async ({ page, request }) => {
  const project = await seedProject(request);
  await page.goto(`/projects/${project.id}`);
  const button = page.getByRole("button", { name: "Auto-extract" });
  await expect(button).toBeDisabled();
  await expect(button).toHaveAttribute("title", /Give the project a source/);
  await expect(page.getByText("No source yet")).toBeVisible();
  await page.getByRole("button", { name: "Edit" }).click();
  await page.getByRole("radio", { name: "Upload an archive" }).check();
  await page.getByLabel("Archive", { exact: true }).setInputFiles({ name: "harbor.tar.gz", mimeType: "application/gzip", buffer: archive });
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("button", { name: "Auto-extract" })).toBeEnabled();
  // The source in words: the archive's name and its file count; never where the server keeps it.
  await expect(page.getByTestId("project-source")).toContainText("Source: the archive harbor.tar.gz (1 file, uploaded");
  await expect(page.getByTestId("project-source")).not.toContainText("/sources/");
  // What the organization's sources take of its storage (docs/security.md "Storage quotas").
  await expect(page.getByTestId("storage-usage")).toContainText(/This organization's uploaded and fetched sources: [\d.]+ (bytes|KB|MB) of 10 GB used\./);
  await shoot(page, "project-source-archive");

  // A refused archive says why and keeps the source it had.
  await page.getByRole("button", { name: "Edit" }).click();
  await page.getByRole("radio", { name: "Upload an archive" }).check();
  await expect(page.getByRole("form").or(page.locator("form")).getByTestId("storage-usage")).toBeVisible();
  await page.getByLabel("Archive", { exact: true }).setInputFiles({ name: "notes.zip", mimeType: "application/zip", buffer: Buffer.from("not a zip at all") });
  await page.getByRole("button", { name: "Save changes" }).click();
  // Next's route announcer is an alert too: the one that says why is the form's.
  await expect(page.getByRole("alert").filter({ hasText: "the file is not a zip archive" })).toBeVisible();
  await expect(page.getByTestId("project-source")).toContainText("the archive harbor.tar.gz");
});
