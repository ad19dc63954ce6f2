// Run pages against the real server: runs and their events are written straight into the database (the dispatcher
// has its own tests), then read through the campaign page, the run log and Home.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { type APIRequestContext } from "@playwright/test";
import { expect, test } from "./fixtures/hydration";
import { cli, created, databaseUrl, shoot, uid } from "./helpers";
import { E2E_ARTIFACTS } from "../playwright.config";

let client: pg.Client;
test.beforeAll(async () => {
  client = new pg.Client({ connectionString: databaseUrl() });
  await client.connect();
});
test.afterAll(async () => {
  await client.end();
});

type RunSeed = {
  kind?: string;
  status: "running" | "success" | "failed";
  failureReason?: string;
  error?: string;
  costUsd?: number | null;
  tokens?: [number, number, number, number];
  startedMinutesAgo: number;
  seconds?: number;
  exitCode?: number;
  stopReason?: string;
  trigger?: string;
};

async function insertRun(orgId: number, campaignId: number, projectId: number, r: RunSeed): Promise<number> {
  const started = new Date(Date.now() - r.startedMinutesAgo * 60_000);
  const finished = r.status === "running" ? null : new Date(started.getTime() + (r.seconds ?? 60) * 1000);
  const [i, o, cr, cc] = r.tokens ?? [null, null, null, null];
  const res = await client.query<{ id: number }>(
    `INSERT INTO runs (organization_id, campaign_id, project_id, kind, status, trigger, runner, model, playbook_slug, failure_reason, error,
       exit_code, stop_reason, input_tokens, output_tokens, cache_read_tokens, cache_creation_tokens, cost_usd, started_at, finished_at)
     VALUES ($1,$2,$3,$4,$5::"RunStatus",$6,'claude-code','claude-sonnet-4-5','forum-scout',$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17) RETURNING id`,
    [orgId, campaignId, projectId, r.kind ?? "campaign", r.status, r.trigger ?? "manual", r.failureReason ?? null, r.error ?? null, r.exitCode ?? null,
      r.stopReason ?? null, i, o, cr, cc, r.costUsd ?? null, started, finished],
  );
  return res.rows[0]!.id;
}

async function insertEvents(orgId: number, runId: number, events: [string, Record<string, unknown>][]) {
  let seq = 0;
  for (const [type, payload] of events) {
    seq += 1;
    await client.query(`INSERT INTO run_events (organization_id, run_id, seq, type, payload) VALUES ($1,$2,$3,$4,$5)`, [orgId, runId, seq, type, JSON.stringify(payload)]);
  }
}

async function seedCampaign(request: APIRequestContext, withAccount = true) {
  const u = uid();
  const project = await created<{ id: number }>(await request.post("/api/projects", { data: { name: `Runs ${u}` } }));
  if (withAccount) await created(await request.post(`/api/projects/${project.id}/accounts`, { data: { platform: "forum", platformId: `acct_${u}` } }));
  const campaign = await created<{ id: number; name: string }>(
    await request.post("/api/campaigns", { data: { projectId: project.id, name: `Weekly scout ${u}`, platform: "forum", skill: "forum-scout" } }),
  );
  const { rows } = await client.query<{ organization_id: number }>("SELECT organization_id FROM campaigns WHERE id = $1", [campaign.id]);
  return { projectId: project.id, campaignId: campaign.id, campaignName: campaign.name, orgId: rows[0]!.organization_id };
}

const SUCCESS_EVENTS: [string, Record<string, unknown>][] = [
  ["lifecycle", { phase: "spawned", tUs: 0, detail: "claude-code 1.0.3" }],
  ["lifecycle", { phase: "session_created", tUs: 812_000 }],
  ["lifecycle", { phase: "prompt_sent", tUs: 830_500 }],
  ["thought", { text: "The profile targets CI pain. Start with the newest threads.", tUs: 1_204_000 }],
  ["message_chunk", { text: "I'll look for recent threads ", messageId: "m1", tUs: 1_900_000 }],
  ["message_chunk", { text: "about slow CI builds ", messageId: "m1", tUs: 1_950_000 }],
  ["message_chunk", { text: "and check each author against the blocklist.", messageId: "m1", tUs: 2_010_000 }],
  ["tool_call", { toolCallId: "tc1", title: "forum_scout", name: "mcp__outreach__forum_scout", kind: "fetch", status: "pending", rawInput: { query: "slow CI builds", limit: 10 }, tUs: 2_100_000 }],
  ["tool_call_update", { toolCallId: "tc1", status: "in_progress", tUs: 2_150_000 }],
  ["tool_call_update", { toolCallId: "tc1", status: "completed", text: "3 candidates: ci_wrangler, buildbot_fan, flaky_tests", rawOutput: { candidates: 3 }, tUs: 3_420_000 }],
  ["usage", { inputTokens: 8_200, outputTokens: 640, costUsd: 0.0342, tUs: 3_500_000 }],
  ["message_chunk", { text: "Three good candidates. Drafting two DMs.", messageId: "m2", tUs: 3_700_000 }],
  ["tool_call", { toolCallId: "tc2", title: "drafts_create", name: "mcp__outreach__drafts_create", status: "in_progress", rawInput: { drafts: [{ targetUser: "ci_wrangler", kind: "dm" }, { targetUser: "flaky_tests", kind: "dm" }] }, tUs: 4_020_000 }],
  ["tool_call_update", { toolCallId: "tc2", status: "completed", text: "Created 2 drafts (ids 41, 42)", tUs: 4_380_000 }],
  ["stderr", { text: "warn: slow response from forum API (1.2 s)", tUs: 4_400_000 }],
  ["lifecycle", { phase: "stopped", stopReason: "end_turn", tUs: 5_120_000 }],
  ["lifecycle", { phase: "exited", exitCode: 0, tUs: 5_300_000 }],
];

test("campaign page: run history with chips, costs, the reason filter and links to the log", async ({ page, request }) => {
  const s = await seedCampaign(request);
  const ok = await insertRun(s.orgId, s.campaignId, s.projectId, { status: "success", costUsd: 0.042075, tokens: [12_400, 1_310, 3_000, 800], startedMinutesAgo: 50, seconds: 5.3, exitCode: 0, stopReason: "end_turn", trigger: "schedule" });
  await insertEvents(s.orgId, ok, SUCCESS_EVENTS);
  const failed = await insertRun(s.orgId, s.campaignId, s.projectId, { status: "failed", failureReason: "agent_timeout", error: "The agent did not answer within 600000 ms", startedMinutesAgo: 30, seconds: 600 });
  await insertEvents(s.orgId, failed, [
    ["lifecycle", { phase: "spawned", tUs: 0 }],
    ["stderr", { text: "Error: connect ETIMEDOUT 10.0.0.7:443\n    at TCPConnectWrap.afterConnect", tUs: 12_000_000 }],
    ["lifecycle", { phase: "timeout", detail: "no response in 600 s", tUs: 600_000_000 }],
  ]);
  const cancelled = await insertRun(s.orgId, s.campaignId, s.projectId, { status: "failed", failureReason: "cancelled", startedMinutesAgo: 10, seconds: 14, costUsd: null });

  await page.goto(`/campaigns/${s.campaignId}`);
  const history = page.getByRole("table", { name: "Run history" });
  await expect(history.getByRole("row")).toHaveCount(4);
  // The reason in words; the code stays on the chip (its tooltip).
  await expect(history.locator('[data-failure-code="agent_timeout"]')).toHaveText("Agent timed out");
  await expect(history.getByText("$0.0421")).toBeVisible();
  await expect(history.getByText("5.3 s")).toBeVisible();
  // Setup: the profile is empty and the cloud runner is not connected; the account exists.
  const banner = page.getByRole("region", { name: "Setup required" });
  await expect(banner.getByRole("button", { name: "Generate profile" })).toBeVisible();
  await expect(banner.getByRole("link", { name: "Choose another agent" })).toHaveAttribute("href", `/campaigns/${s.campaignId}#edit-campaign-runner`);
  await expect(banner.getByRole("link", { name: "Add account" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Run now" })).toBeDisabled();
  // Generate profile asks first; with the cloud runner not connected here, starting is refused with the reason.
  await banner.getByRole("button", { name: "Generate profile" }).click();
  const dialog = page.getByRole("dialog", { name: "Generate the campaign profile" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Generate profile" }).click();
  await expect(dialog.getByText(/cloud runner/)).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await shoot(page, "campaign-runs");

  await page.getByLabel("Failure reason").selectOption("agent_timeout");
  await expect(page).toHaveURL(/\?reason=agent_timeout$/);
  await expect(history.getByRole("row")).toHaveCount(2);
  await expect(history.getByText("cancelled")).toHaveCount(0);
  await page.getByLabel("Failure reason").selectOption("");
  await expect(history.getByRole("row")).toHaveCount(4);
  await expect(history.getByRole("link", { name: `View log of run ${cancelled}` })).toBeVisible();

  await history.getByRole("link", { name: `View log of run ${ok}` }).click();
  await expect(page).toHaveURL(new RegExp(`/runs/${ok}$`));
});

test("run page: what the agent did in words, tool calls expandable to their input and output, the machinery under Technical details", async ({ page, request }) => {
  const s = await seedCampaign(request);
  const ok = await insertRun(s.orgId, s.campaignId, s.projectId, { status: "success", costUsd: 0.042075, tokens: [12_400, 1_310, 3_000, 800], startedMinutesAgo: 50, seconds: 5.3, exitCode: 0, stopReason: "end_turn" });
  await insertEvents(s.orgId, ok, SUCCESS_EVENTS);

  await page.goto(`/runs/${ok}`);
  await expect(page.getByRole("heading", { name: `Run #${ok}` })).toBeVisible();
  await expect(page.getByRole("link", { name: s.campaignName }).first()).toBeVisible();
  await expect(page.getByText("$0.0421")).toBeVisible();
  const log = page.getByRole("list", { name: "What the agent did" });
  await expect(log.getByText("I'll look for recent threads about slow CI builds and check each author against the blocklist.")).toBeVisible();
  await expect(log.getByText("Three good candidates. Drafting two DMs.")).toBeVisible();
  await expect(log.locator("[data-tool-call]")).toHaveCount(2);
  await expect(log.getByText("+1.900 s")).toBeVisible();
  // Each tool call says what the agent did, from its input and answer; the raw tool name is not what a reader meets.
  await expect(log.locator("[data-tool-call=tc1] summary")).toContainText("Searched your communities for “slow CI builds”");
  await expect(log.locator("[data-tool-call=tc2] summary")).toContainText("Drafted 2 DMs");
  await expect(page.getByText("mcp__outreach__drafts_create")).toBeHidden();
  // The protocol's lifecycle, stderr and token figures are folded away.
  await expect(log.locator("[data-lifecycle]")).toHaveCount(0);
  await expect(page.getByText("end_turn").first()).toBeHidden();
  await expect(page.getByText("12,400")).toBeHidden();

  const scout = log.locator("[data-tool-call=tc1]");
  await expect(scout.getByText("3 candidates: ci_wrangler")).toBeHidden();
  await scout.locator("summary").click();
  await expect(scout.getByText("3 candidates: ci_wrangler, buildbot_fan, flaky_tests")).toBeVisible();
  await expect(scout.getByText('"query": "slow CI builds"')).toBeVisible();
  await expect(scout.getByText("forum_scout")).toBeVisible();
  // The expanded row, as a reader sees it (shoot() reloads, which folds it again).
  await page.screenshot({ path: `${E2E_ARTIFACTS}/screens/run-log-expanded-light.png`, fullPage: true });

  await page.getByText("Technical details").click();
  const technical = page.getByRole("list", { name: "Technical log" });
  await expect(technical.locator("[data-lifecycle=stopped]")).toContainText("end_turn");
  await expect(technical.getByText("warn: slow response from forum API (1.2 s)")).toBeVisible();
  await expect(page.getByRole("definition").filter({ hasText: "12,400" })).toBeVisible();
  await page.screenshot({ path: `${E2E_ARTIFACTS}/screens/run-log-technical-light.png`, fullPage: true });
  await shoot(page, "run-log");
  await page.setViewportSize({ width: 390, height: 844 });
  await shoot(page, "run-log-390");
});

test("run page: a failed run says why and what to do, its raw error under Technical details; a run without events still ends", async ({ page, request }) => {
  const s = await seedCampaign(request);
  const failed = await insertRun(s.orgId, s.campaignId, s.projectId, { status: "failed", failureReason: "auth_expired", error: "401 Unauthorized: token expired", startedMinutesAgo: 5, seconds: 3, exitCode: 1 });
  await insertEvents(s.orgId, failed, [
    ["lifecycle", { phase: "spawned", tUs: 0 }],
    ["stderr", { text: "Error: 401 Unauthorized\nPlease run `claude login` again.", tUs: 1_500_000 }],
    ["lifecycle", { phase: "exited", exitCode: 1, tUs: 2_900_000 }],
  ]);
  await page.goto(`/runs/${failed}`);
  await expect(page.getByRole("heading", { name: `Run #${failed}` })).toContainText("Sign-in expired");
  await expect(page.getByRole("note", { name: "Why the run stopped" })).toContainText("could not sign in");
  await expect(page.getByRole("list", { name: "What the agent did" }).locator("[data-run-ending]")).toHaveText("Stopped: Sign-in expired");
  await expect(page.getByText("401 Unauthorized: token expired")).toBeHidden();
  await page.getByText("Technical details").click();
  await expect(page.getByText("401 Unauthorized: token expired")).toBeVisible();
  await shoot(page, "run-log-failed");

  const empty = await insertRun(s.orgId, s.campaignId, s.projectId, { status: "success", startedMinutesAgo: 1, seconds: 1 });
  await page.goto(`/runs/${empty}`);
  await expect(page.locator("[data-run-ending]")).toHaveText("Finished: nothing new to draft");
  await page.goto(`/runs/999999999`);
  await expect(page.getByText(/not found|404/i).first()).toBeVisible();
});

// What the dispatcher does after committing: a NOTIFY with ids only (lib/events/hydrate-notices.ts).
async function notify(notice: Record<string, unknown>) {
  await client.query("SELECT pg_notify('outreach_events', $1)", [JSON.stringify(notice)]);
}

async function appendEvent(orgId: number, runId: number, seq: number, type: string, payload: Record<string, unknown>) {
  const { rows } = await client.query<{ id: number }>(
    "INSERT INTO run_events (organization_id, run_id, seq, type, payload) VALUES ($1,$2,$3,$4,$5) RETURNING id",
    [orgId, runId, seq, type, JSON.stringify(payload)],
  );
  await notify({ o: orgId, t: "run:log", eventId: rows[0]!.id });
}

test("live run log: streamed chunks join the open bubble, a tool call pairs with its update, run:finished updates the header", async ({ page, request }) => {
  const s = await seedCampaign(request);
  const runId = await insertRun(s.orgId, s.campaignId, s.projectId, { status: "running", startedMinutesAgo: 0.1 });
  await insertEvents(s.orgId, runId, [["lifecycle", { phase: "prompt_sent", tUs: 500_000 }]]);
  await page.goto(`/runs/${runId}`);
  await expect(page.getByRole("status", { name: "Live updates: Live" })).toBeVisible();
  // The playbook going out is machinery: the reader is told the agent is at work.
  await expect(page.getByText("What the agent does appears here as it works.")).toBeVisible();
  const log = page.getByRole("list", { name: "What the agent did" });

  await appendEvent(s.orgId, runId, 2, "message_chunk", { text: "Scanning the ", messageId: "m1", tUs: 900_000 });
  await appendEvent(s.orgId, runId, 3, "message_chunk", { text: "newest threads.", messageId: "m1", tUs: 950_000 });
  await expect(log.getByText("Scanning the newest threads.")).toBeVisible();
  await appendEvent(s.orgId, runId, 4, "tool_call", { toolCallId: "live1", title: "mcp__outreach__forum_scout", status: "in_progress", rawInput: { communities: ["devops"] }, tUs: 1_000_000 });
  await expect(log.locator("[data-tool-call=live1] summary")).toContainText("Looking at posts in r/devops…");
  await expect(log.locator("[data-tool-call=live1] summary")).toContainText("Working");
  await appendEvent(s.orgId, runId, 5, "tool_call_update", {
    toolCallId: "live1",
    status: "completed",
    rawOutput: { posts: [{ community: "devops", author: "a" }, { community: "devops", author: "b" }], excluded: { blocked: 0 }, staged: 2 },
    tUs: 2_000_000,
  });
  await expect(log.locator("[data-tool-call=live1] summary")).toContainText("Looked at 2 posts in r/devops");
  await expect(log.locator("[data-tool-call=live1] summary")).toContainText("2 new people to consider");
  await expect(log.locator("[data-tool-status=completed]")).toHaveCount(1);
  await expect(log.locator("[data-tool-call]")).toHaveCount(1);

  await client.query(`UPDATE runs SET status = 'success', finished_at = now(), cost_usd = 0.0123 WHERE id = $1`, [runId]);
  await notify({ o: s.orgId, t: "run:finished", runId });
  await expect(page.getByRole("heading", { name: `Run #${runId}` })).toContainText("success");
  await expect(page.getByText("$0.0123")).toBeVisible();
});

test("live campaign page: run:started shows Running, run:finished brings Run now back", async ({ page, request }) => {
  const s = await seedCampaign(request);
  await page.goto(`/campaigns/${s.campaignId}`);
  await expect(page.getByRole("status", { name: "Live updates: Live" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Run now" })).toBeVisible();

  const runId = await insertRun(s.orgId, s.campaignId, s.projectId, { status: "running", startedMinutesAgo: 0 });
  await notify({ o: s.orgId, t: "run:started", runId });
  await expect(page.getByRole("button", { name: "Running" })).toBeDisabled();
  await expect(page.getByRole("table", { name: "Run history" }).getByRole("row")).toHaveCount(2);

  await client.query(`UPDATE runs SET status = 'failed', failure_reason = 'network', finished_at = now() WHERE id = $1`, [runId]);
  await notify({ o: s.orgId, t: "run:finished", runId });
  await expect(page.getByRole("button", { name: "Run now" })).toBeVisible();
  await expect(page.getByRole("table", { name: "Run history" }).getByText("network")).toBeVisible();
});
