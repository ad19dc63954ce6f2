// An expired platform account can be fixed: the project's Accounts tab says where each account's sign-in stands
// (no credentials, stored and never used, working with when it was last used, failed with when and why), Reconnect
// opens the credentials form and saving it starts the account over at "Stored"; the campaign page's failure notice
// for a refused account links straight to that account, with the form open.
import pg from "pg";
import { type APIRequestContext, type Page } from "@playwright/test";
import { expect, test } from "./fixtures/hydration";
import { created, databaseUrl, shoot, uid } from "./helpers";

let sql: pg.Client;
test.beforeAll(async () => {
  sql = new pg.Client({ connectionString: databaseUrl() });
  await sql.connect();
});
test.afterAll(async () => sql.end());

async function seed(request: APIRequestContext) {
  const u = uid();
  const project = await created<{ id: number }>(await request.post("/api/projects", { data: { name: `Accounts ${u}` } }));
  const add = async (handle: string, credentials?: Record<string, string>) =>
    created<{ id: number }>(await request.post(`/api/projects/${project.id}/accounts`, { data: { platform: "forum", platformId: handle, ...(credentials ? { credentials } : {}) } }));
  const none = await add(`none_${u}`);
  const stored = await add(`stored_${u}`, { username: "s", password: "pw" });
  const working = await add(`working_${u}`, { username: "w", password: "pw" });
  const failed = await add(`expired_${u}`, { username: "e", password: "old" });
  await sql.query(`UPDATE accounts SET last_used_at = now() - interval '5 minutes' WHERE id = $1`, [working.id]);
  await sql.query(`UPDATE accounts SET last_used_at = now() - interval '2 days', last_failed_at = now() - interval '3 minutes', last_failure_reason = $2 WHERE id = $1`, [
    failed.id, "forum answered 401 for forum.example/api/session: Invalid session token",
  ]);
  return { u, projectId: project.id, none: none.id, stored: stored.id, working: working.id, failed: failed.id };
}

const accountRow = (page: Page, id: number) => page.locator(`tr#account-${id}`);

test("accounts show their sign-in state, and Reconnect replaces the credentials", async ({ page, request }) => {
  const s = await seed(request);
  await page.goto(`/projects/${s.projectId}?tab=accounts`);
  await expect(accountRow(page, s.none)).toContainText("No credentials");
  await expect(accountRow(page, s.stored)).toContainText("Stored");
  await expect(accountRow(page, s.stored)).toContainText("Not used yet");
  await expect(accountRow(page, s.working)).toContainText("Working");
  await expect(accountRow(page, s.working)).toContainText("Last used 5 min ago");
  const failed = accountRow(page, s.failed);
  await expect(failed).toContainText("Sign-in failed");
  await expect(failed).toContainText("3 min ago: forum answered 401 for forum.example/api/session: Invalid session token");
  // The absolute time is on hover, with its zone.
  await expect(failed.locator("time").first()).toHaveAttribute("title", /\d{2}:\d{2}:\d{2} (UTC|GMT)/);
  await shoot(page, "project-accounts-states");

  await failed.getByRole("button", { name: `Reconnect expired_${s.u}` }).click();
  const dialog = page.getByRole("dialog", { name: `Credentials of expired_${s.u}` });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Login username").fill("e");
  await dialog.getByLabel("Password").fill("new-password");
  await dialog.getByRole("button", { name: "Save credentials" }).click();
  await expect(dialog).toBeHidden();
  await expect(failed).toContainText("Stored");
  await expect(failed).toContainText("Not used yet");
  await expect(failed).not.toContainText("Sign-in failed");
  const { rows } = await sql.query("SELECT last_used_at, last_failed_at, last_failure_reason FROM accounts WHERE id = $1", [s.failed]);
  expect(rows[0]).toEqual({ last_used_at: null, last_failed_at: null, last_failure_reason: null });
  // Update credentials on the others opens the same form.
  await accountRow(page, s.working).getByRole("button", { name: `Update credentials working_${s.u}` }).click();
  await expect(page.getByRole("dialog", { name: `Credentials of working_${s.u}` })).toBeVisible();
  await page.keyboard.press("Escape");

  await page.setViewportSize({ width: 390, height: 844 });
  await shoot(page, "project-accounts-states-390");
});

test("the campaign's failure notice leads straight to the refused account, with the credentials form open", async ({ page, request }) => {
  const s = await seed(request);
  const campaign = await created<{ id: number }>(await request.post("/api/campaigns", { data: { projectId: s.projectId, name: `Accounts ${s.u}`, platform: "forum", skill: "forum-scout" } }));
  const { rows: org } = await sql.query<{ organization_id: number }>("SELECT organization_id FROM projects WHERE id = $1", [s.projectId]);
  const { rows: run } = await sql.query<{ id: number }>(
    `INSERT INTO runs (organization_id, campaign_id, project_id, kind, status, failure_reason, runner, trigger, started_at, finished_at)
     VALUES ($1, $2, $3, 'campaign', 'failed', 'auth_expired', 'cloud', 'manual', now() - interval '2 minutes', now() - interval '1 minute') RETURNING id`,
    [org[0]!.organization_id, campaign.id, s.projectId],
  );
  await sql.query(`INSERT INTO run_events (organization_id, run_id, seq, type, payload) VALUES ($1, $2, 1, 'tool_call_update', $3)`, [
    org[0]!.organization_id, run[0]!.id, JSON.stringify({ status: "failed", text: "upstream_error: forum answered 401: Invalid session token" }),
  ]);

  await page.goto(`/campaigns/${campaign.id}`);
  const notice = page.getByRole("region", { name: /The last run failed/ });
  await expect(notice).toContainText(`The platform refused the sign-in of the account expired_${s.u}`);
  await expect(notice.getByText("Sign-in expired")).toHaveAttribute("data-failure-code", "auth_expired");
  await shoot(page, "campaign-account-failure");
  await notice.getByRole("link", { name: `Reconnect expired_${s.u}` }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${s.projectId}\\?tab=accounts&account=${s.failed}#account-${s.failed}$`));
  await expect(page.getByRole("dialog", { name: `Credentials of expired_${s.u}` })).toBeVisible();
});
