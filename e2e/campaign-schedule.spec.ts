// A campaign's schedule on its page: the cron in words, the next three slots, what the last slot did, Pause and
// Resume, and runs the schedule started marked as such; Settings shows the background jobs.
import pg from "pg";
import { expect, test } from "./fixtures/hydration";
import { created, databaseUrl, shoot, uid } from "./helpers";

// The page says times in the viewer's zone: this spec reads them in UTC.
test.use({ timezoneId: "UTC" });

let sql: pg.Client;
test.beforeAll(async () => {
  sql = new pg.Client({ connectionString: databaseUrl() });
  await sql.connect();
});
test.afterAll(async () => sql.end());

test("the schedule in words with its next runs, the last slot's outcome, Pause and Resume, scheduled runs marked", async ({ page, request }) => {
  const u = uid();
  const project = await created<{ id: number }>(await request.post("/api/projects", { data: { name: `Schedule ${u}` } }));
  const campaign = await created<{ id: number }>(
    await request.post("/api/campaigns", { data: { projectId: project.id, name: `Weekdays ${u}`, platform: "forum", skill: "forum-scout", cron: "0 9 * * 1-5" } }),
  );
  expect((await request.patch(`/api/campaigns/${campaign.id}`, { data: { state: "active" } })).status()).toBe(200);
  const { rows } = await sql.query<{ organization_id: number }>("SELECT organization_id FROM campaigns WHERE id = $1", [campaign.id]);
  const orgId = rows[0]!.organization_id;
  const run = await sql.query<{ id: number }>(
    `INSERT INTO runs (organization_id, campaign_id, project_id, kind, status, trigger, runner, playbook_slug, started_at, finished_at)
     VALUES ($1, $2, $3, 'campaign', 'success', 'schedule', 'cloud', 'forum-scout', '2026-11-24T09:00:04Z', '2026-11-24T09:03:10Z') RETURNING id`,
    [orgId, campaign.id, project.id],
  );
  await sql.query(`UPDATE campaigns SET last_schedule_outcome = $2 WHERE id = $1`, [
    campaign.id,
    JSON.stringify({ slot: "2026-11-24T09:00:00Z", at: "2026-11-24T09:00:03Z", result: "started", runId: run.rows[0]!.id }),
  ]);

  await page.goto(`/campaigns/${campaign.id}`);
  const schedule = page.getByTestId("campaign-schedule");
  await expect(schedule).toContainText("At 09:00, Monday through Friday (UTC)");
  // The sentence leads; the cron expression is said once, last, as a detail.
  const lines = (await schedule.innerText()).split("\n").map((l) => l.trim()).filter(Boolean);
  expect(lines[0]).toMatch(/09:00/);
  expect(lines[0]).not.toContain("* *");
  expect(lines.at(-1)).toBe("As a cron expression (UTC): 0 9 * * 1-5");
  await expect(schedule.getByText("0 9 * * 1-5")).toHaveCount(1);
  const next = page.getByRole("list", { name: "Next runs" }).getByRole("listitem");
  await expect(next).toHaveCount(3);
  for (const item of await next.all()) await expect(item).toContainText("09:00 UTC");
  await expect(page.getByTestId("last-scheduled-run")).toContainText(`Last scheduled slot Nov 24, 2026, 09:00 UTC: started run ${run.rows[0]!.id}`);
  const history = page.getByRole("table", { name: "Run history" });
  await expect(history.getByText("Scheduled", { exact: true })).toBeVisible();
  await shoot(page, "campaign-schedule");

  await page.getByRole("button", { name: "Pause schedule" }).click();
  await expect(schedule).toContainText("No scheduled runs until you resume.");
  await expect(page.getByRole("list", { name: "Next runs" })).toHaveCount(0);
  expect((await (await request.get(`/api/campaigns/${campaign.id}`)).json()).state).toBe("paused");
  await shoot(page, "campaign-schedule-paused");

  await page.getByRole("button", { name: "Resume schedule" }).click();
  await expect(page.getByRole("list", { name: "Next runs" }).getByRole("listitem")).toHaveCount(3);
  const resumed = await (await request.get(`/api/campaigns/${campaign.id}`)).json();
  expect(resumed.state).toBe("active");
  expect(new Date(resumed.nextRunAt).getTime()).toBeGreaterThan(Date.now());
});

test("a campaign without a cron says it runs only on demand", async ({ page, request }) => {
  const u = uid();
  const project = await created<{ id: number }>(await request.post("/api/projects", { data: { name: `Manual ${u}` } }));
  const campaign = await created<{ id: number }>(
    await request.post("/api/campaigns", { data: { projectId: project.id, name: `Manual ${u}`, platform: "forum", skill: "forum-scout" } }),
  );
  await page.goto(`/campaigns/${campaign.id}`);
  await expect(page.getByText("This campaign runs only when you press Run now.")).toBeVisible();
  await expect(page.getByRole("button", { name: /schedule$/ })).toHaveCount(0);
});

test("Settings > Background jobs lists each job with its schedule and says which engine runs them", async ({ page }) => {
  await page.goto("/settings");
  const card = page.getByTestId("background-jobs");
  await expect(card).toBeVisible();
  const rows = card.getByRole("table", { name: "Background jobs" }).locator("tbody tr");
  const jobs = ["campaign-tick", "run-rescuer", "webhook-deliver", "auto-post", "removal-check", "followup-tick", "billing-meter",
    "insights-daily", "outcome-rollups", "sources-sweep", "data-retention", "database-backup"];
  await expect(rows).toHaveCount(jobs.length);
  for (const [k, id] of jobs.entries()) await expect(rows.nth(k)).toContainText(id);
  await expect(rows.nth(0)).toContainText("Every minute (UTC)");
  await expect(rows.nth(jobs.indexOf("followup-tick"))).toContainText("Every minute (UTC)");
  // The e2e server runs with OUTREACH_JOBS=off (scheduler.spec.ts runs instances with jobs on).
  await expect(page.getByText("OUTREACH_JOBS=off: another instance (or Trigger.dev) must run the jobs.")).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await shoot(page, "settings-background-jobs");
});
