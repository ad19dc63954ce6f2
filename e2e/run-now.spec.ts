// Run now, end to end: the campaign page starts a real agent process (the scripted fake ACP agent, registered as an
// extra backend by e2e/server.ts), the run log streams while it works, and its drafts appear in an inbox that was
// already open, without reloading the page.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { expect, test } from "./fixtures/hydration";
import { databaseUrl, shoot, uid } from "./helpers";
import { FAKE_AGENT_SLUG } from "./server";

test("Run now: the log streams live and the drafts appear in the open inbox", async ({ page, context, request }) => {
  test.setTimeout(90_000);
  const u = uid();
  const alice = `alice_${u}`;
  const bob = `bob_${u}`;
  const gate = path.join(os.tmpdir(), `run-now-gate-${u}`);
  const project = (await (await request.post("/api/projects", { data: { name: `Live run ${u}` } })).json()) as { id: number };
  expect((await request.post(`/api/projects/${project.id}/accounts`, { data: { platform: "forum", platformId: `sender_${u}` } })).status()).toBe(201);
  const campaignRes = await request.post("/api/campaigns", {
    data: { projectId: project.id, name: `Live scout ${u}`, platform: "forum", skill: "forum-scout", runner: FAKE_AGENT_SLUG, config: { audience: "maintainers of CI tools", communities: ["devops"], tone: "Plain and short", offer: "A free retry helper", rules: [], maxDraftsPerRun: 3 } },
  });
  expect(campaignRes.status(), await campaignRes.text()).toBe(201);
  const campaign = (await campaignRes.json()) as { id: number };

  // The campaign's playbook is the agent's script (playbook editing arrives with the playbooks API).
  const script = {
    steps: [
      { say: "Reading the campaign and who we contacted recently." },
      { tool: "run_start" },
      // Live until the log page has been opened and has shown the first message (a busy machine could otherwise
      // finish the run before the campaign page offers its log).
      { waitForFile: gate },
      { think: "Two maintainers fit the profile." },
      {
        tool: "drafts_create",
        args: {
          entries: [
            { accountId: "$account", kind: "dm", targetUser: alice, body: "Hi Alice, your thread on flaky CI runs was spot on.", qualityScore: 82, qualityReason: "specific and short" },
            { accountId: "$account", kind: "dm", targetUser: bob, body: "Hi Bob, quick question about your build cache setup.", qualityScore: 58 },
          ],
        },
      },
      { usage: { inputTokens: 42_000, outputTokens: 3_100, cacheReadTokens: 0, cacheCreationTokens: 0 }, costUsd: 0.1734 },
      { say: "Drafted two DMs for review." },
      { sleep: 800 },
      { tool: "run_finish", args: { summary: "Two DMs drafted" } },
    ],
  };
  const db = new pg.Client({ connectionString: databaseUrl() });
  await db.connect();
  try {
    const { rows } = await db.query<{ organization_id: number }>("SELECT organization_id FROM campaigns WHERE id = $1", [campaign.id]);
    const pb = await db.query<{ id: number }>(
      `INSERT INTO playbooks (organization_id, slug, title, body, updated_at) VALUES ($1, $2, 'Live test', $3, now()) RETURNING id`,
      [rows[0]!.organization_id, `live-${u}`, `Scripted playbook.\n\n\`\`\`fake-agent\n${JSON.stringify(script)}\n\`\`\`\n`],
    );
    await db.query("UPDATE campaigns SET playbook_id = $1 WHERE id = $2", [pb.rows[0]!.id, campaign.id]);
  } finally {
    await db.end();
  }

  // The reviewer already has the inbox open in another tab.
  const inbox = await context.newPage();
  await inbox.goto("/inbox");
  await expect(inbox.getByRole("status", { name: "Live updates: Live" })).toBeVisible();
  await expect(inbox.getByText(alice)).toHaveCount(0);

  await page.goto(`/campaigns/${campaign.id}`);
  await expect(page.getByRole("status", { name: "Live updates: Live" })).toBeVisible();
  await page.getByRole("button", { name: "Run now" }).click();
  await expect(page.getByRole("button", { name: "Running" })).toBeDisabled();

  await page.getByRole("link", { name: "View live log" }).click();
  await expect(page).toHaveURL(/\/runs\/\d+$/);
  // While the agent works, its first message and its tool call arrive on the open page.
  await expect(page.getByText("Reading the campaign and who we contacted recently.")).toBeVisible();
  fs.writeFileSync(gate, "");
  // Each tool call in words, as it streams in.
  const log = page.getByRole("list", { name: "What the agent did" });
  await expect(log.locator("[data-tool-call] summary").first()).toContainText("Read the brief of");
  await expect(page.getByText("Drafted two DMs for review.")).toBeVisible({ timeout: 20_000 });
  await expect(log.locator("[data-tool-call] summary").nth(1)).toContainText("Drafted 2 DMs");
  await expect(log.locator("[data-tool-call] summary").nth(2)).toContainText("Finished: Two DMs drafted");
  await expect(page.getByText("Success").first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText("$0.1734").first()).toBeVisible();
  await shoot(page, "run-log-live-finished");

  // The drafts reached the inbox tab through the stream.
  await expect(inbox.getByText(alice).first()).toBeVisible({ timeout: 15_000 });
  await expect(inbox.getByText(bob).first()).toBeVisible();
  await inbox.close();

  await page.goto(`/campaigns/${campaign.id}`);
  await expect(page.getByRole("button", { name: "Run now" })).toBeEnabled();
  await expect(page.getByRole("table", { name: "Run history" }).getByText("$0.1734")).toBeVisible();
  await shoot(page, "campaign-after-live-run");
});
