// Failures that used to stay hidden: an agent without an API key. The campaign page says what failed, shows the run's
// error and how to fix it; Settings stops calling the runner "Ready to run campaigns" and says when it failed to sign
// in; a later success clears both. The first test runs a real agent process (the scripted fake agent, answering the
// prompt with a missing-key error as an agent CLI does); the second seeds a Gemini run straight into the database.
import pg from "pg";
import { type Locator, type Page } from "@playwright/test";
import { expect, test } from "./fixtures/hydration";
import { databaseUrl, shoot, uid } from "./helpers";
import { FAKE_AGENT_SLUG } from "./server";
import { E2E_ARTIFACTS } from "../playwright.config";

const PROFILE = { audience: "maintainers of CI tools", communities: ["devops"], tone: "Plain", offer: "A retry helper", rules: [], maxDraftsPerRun: 3 };

let db: pg.Client;
test.beforeAll(async () => {
  db = new pg.Client({ connectionString: databaseUrl() });
  await db.connect();
});
test.afterAll(async () => {
  await db.end();
});

async function campaignOn(page: Page, runner: string) {
  const u = uid();
  const project = (await (await page.request.post("/api/projects", { data: { name: `Hints ${u}` } })).json()) as { id: number };
  expect((await page.request.post(`/api/projects/${project.id}/accounts`, { data: { platform: "forum", platformId: `sender_${u}` } })).status()).toBe(201);
  const res = await page.request.post("/api/campaigns", { data: { projectId: project.id, name: `Signed out ${u}`, platform: "forum", skill: "forum-scout", runner, config: PROFILE } });
  expect(res.status(), await res.text()).toBe(201);
  const campaign = (await res.json()) as { id: number };
  return { campaignId: campaign.id, projectId: project.id, u };
}

/** A later run that succeeded, written as the dispatcher would leave it. */
async function succeededRun(campaignId: number, runner: string) {
  await db.query(
    `INSERT INTO runs (organization_id, campaign_id, project_id, kind, runner, status, exit_code, stop_reason, started_at, finished_at)
     SELECT organization_id, id, project_id, 'campaign', $2, 'success', 0, 'end_turn', now() - interval '5 seconds', now() FROM campaigns WHERE id = $1`,
    [campaignId, runner],
  );
}

/** Light and dark screenshots of one part of the page (e2e/.artifacts/screens), for review. */
async function shootPart(page: Page, part: Locator, name: string) {
  for (const theme of ["light", "dark"] as const) {
    await page.evaluate((t) => localStorage.setItem("theme", t), theme);
    await page.reload();
    await part.scrollIntoViewIfNeeded();
    await part.screenshot({ path: `${E2E_ARTIFACTS}/screens/${name}-${theme}.png` });
  }
  await page.evaluate(() => localStorage.setItem("theme", "light"));
  await page.reload();
}

test("an agent without an API key: the campaign page says so with the fix, Settings stops calling the runner ready, a success clears both", async ({ page }) => {
  test.setTimeout(90_000);
  const runnersRow = () => page.getByRole("table", { name: "Agent runners" }).getByRole("row").filter({ hasText: "Fake agent (tests)" });
  await page.goto("/settings");
  await expect(runnersRow()).toContainText("Ready to run campaigns.");

  const { campaignId, u } = await campaignOn(page, FAKE_AGENT_SLUG);
  // The agent answers the prompt with Codex's own words for a missing key (before, such a run read "unknown").
  const script = { steps: [{ say: "Starting." }, { fail: "Missing environment variable: `OPENAI_API_KEY`." }] };
  const pb = await db.query<{ id: number }>(
    `INSERT INTO playbooks (organization_id, slug, title, body, updated_at)
     SELECT organization_id, $2, 'Signed out', $3, now() FROM campaigns WHERE id = $1 RETURNING id`,
    [campaignId, `signed-out-${u}`, `Scripted playbook.\n\n\`\`\`fake-agent\n${JSON.stringify(script)}\n\`\`\`\n`],
  );
  await db.query("UPDATE campaigns SET playbook_id = $1 WHERE id = $2", [pb.rows[0]!.id, campaignId]);

  await page.goto(`/campaigns/${campaignId}`);
  await expect(page.getByRole("status", { name: "Live updates: Live" })).toBeVisible();
  const notice = page.getByRole("region", { name: /^The last run failed/ });
  await expect(notice).toHaveCount(0);
  await page.getByRole("button", { name: "Run now" }).click();

  // The page re-reads itself when the run ends: the notice arrives without a reload.
  await expect(notice).toBeVisible({ timeout: 20_000 });
  const { rows } = await db.query<{ id: number; failure_reason: string }>("SELECT id, failure_reason FROM runs WHERE campaign_id = $1 ORDER BY id DESC LIMIT 1", [campaignId]);
  const runId = rows[0]!.id;
  expect(rows[0]!.failure_reason).toBe("auth_expired");
  // The reason in words, its code in the tooltip.
  await expect(notice.getByText("Sign-in expired")).toHaveAttribute("data-failure-code", "auth_expired");
  await expect(notice).toContainText("Fake agent (tests) could not sign in: it has no API key, or its sign-in has expired.");
  await expect(notice.getByText("Missing environment variable: `OPENAI_API_KEY`.")).toBeVisible();
  await expect(notice).toContainText("To fix it: Sign Fake agent (tests) in on the machine that runs the dashboard");
  await expect(notice.getByRole("link", { name: "Open settings" })).toHaveAttribute("href", "/settings");
  await expect(notice.getByRole("link", { name: `View run log of run ${runId}` })).toHaveAttribute("href", `/runs/${runId}`);

  await page.goto("/settings");
  const row = runnersRow();
  await expect(row).toContainText("Sign-in failed");
  // When, in the dashboard's one date style (the absolute time is the tooltip).
  await expect(row).toContainText(/Failed to sign in (just now|\d+ min ago): Missing environment variable: `OPENAI_API_KEY`\./);
  await expect(row).toContainText("Sign Fake agent (tests) in on the machine that runs the dashboard");
  await expect(row).not.toContainText("Ready to run campaigns.");
  await expect(row.getByRole("link", { name: /View the run/ })).toHaveAttribute("href", `/runs/${runId}`);
  const card = page.locator("section").filter({ has: page.getByRole("heading", { name: "Agent runners" }) }).last();
  await shootPart(page, card, "settings-runner-sign-in-failed");

  // A later run succeeds: the notice goes and the runner is ready again.
  await succeededRun(campaignId, FAKE_AGENT_SLUG);
  await page.reload();
  await expect(runnersRow()).toContainText("Ready to run campaigns.");
  await expect(runnersRow()).not.toContainText("Sign-in failed");
  await page.goto(`/campaigns/${campaignId}`);
  await expect(page.getByRole("table", { name: "Run history" }).getByRole("row")).toHaveCount(3);
  await expect(notice).toHaveCount(0);
});

test("a Gemini campaign whose last run had no key names GEMINI_API_KEY and how to sign the CLI in", async ({ page }) => {
  const { campaignId } = await campaignOn(page, "gemini");
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO runs (organization_id, campaign_id, project_id, kind, runner, status, failure_reason, error, exit_code, started_at, finished_at)
     SELECT organization_id, id, project_id, 'campaign', 'gemini', 'failed', 'auth_expired', 'Gemini API key is missing or not configured.', 0,
            now() - interval '3 minutes', now() - interval '3 minutes' + interval '2 seconds'
     FROM campaigns WHERE id = $1 RETURNING id`,
    [campaignId],
  );
  const runId = rows[0]!.id;
  let seq = 0;
  for (const [type, payload] of [
    ["lifecycle", { phase: "spawned", detail: "gemini --acp", tUs: 0 }],
    ["lifecycle", { phase: "initialized", detail: "gemini-cli 0.61.0", tUs: 900_000 }],
    ["lifecycle", { phase: "error", detail: "Gemini API key is missing or not configured.", code: -32000, tUs: 1_400_000 }],
    ["lifecycle", { phase: "exited", exitCode: 0, tUs: 1_900_000 }],
  ] as const) {
    seq += 1;
    await db.query("INSERT INTO run_events (organization_id, run_id, seq, type, payload) SELECT organization_id, $1, $2, $3, $4 FROM runs WHERE id = $1", [runId, seq, type, JSON.stringify(payload)]);
  }

  await page.goto(`/campaigns/${campaignId}`);
  const notice = page.getByRole("region", { name: /^The last run failed/ });
  await expect(notice).toContainText("Campaign run on Gemini CLI, ended");
  await expect(notice).toContainText("Gemini CLI could not sign in: it has no API key, or its sign-in has expired.");
  await expect(notice.getByText("Gemini API key is missing or not configured.")).toBeVisible();
  await expect(notice).toContainText("run gemini once and choose how to sign in, or set GEMINI_API_KEY in the dashboard's environment and restart it. Then run again.");
  await expect(notice.getByRole("link", { name: "Open settings" })).toHaveAttribute("href", "/settings");
  await expect(notice.getByRole("link", { name: `View run log of run ${runId}` })).toHaveAttribute("href", `/runs/${runId}`);
  await expect(page.getByRole("link", { name: "Open accounts" })).toHaveCount(0);
  await shoot(page, "campaign-last-run-failed");
  await shootPart(page, notice, "campaign-last-run-failed-notice");
  // On a phone the notice wraps its buttons under the text and the page does not scroll sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(notice).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await notice.screenshot({ path: `${E2E_ARTIFACTS}/screens/campaign-last-run-failed-notice-phone-light.png` });
  await page.setViewportSize({ width: 1440, height: 900 });

  await succeededRun(campaignId, "gemini");
  await page.reload();
  await expect(notice).toHaveCount(0);
});
