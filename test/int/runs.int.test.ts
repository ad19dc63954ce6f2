// Agent runs end to end: the dispatcher starts a real agent process (the scripted fake ACP agent), the agent calls
// our tool server over MCP through the stdio bridge and HTTP, and the run ends in the state SPEC section 3 names.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { subscribe } from "@/lib/events/bus";
import type { StreamEvent } from "@/lib/events/types";
import { dispatchRun } from "@/lib/runners/dispatch-run";
import { startCampaignRun } from "@/lib/runs/start-campaign-run";
import { cancelRun } from "@/lib/runs/cancel-run";
import { putRunnerConfig } from "@/lib/runners/runner-config";
import { detectRunners } from "@/lib/runners/detect-runners";
import { PLAYBOOKS_DIR } from "@/lib/runners/resolve-playbook-prompt";
import * as mcpRoute from "@/app/api/mcp/route";
import * as runRoute from "@/app/api/run/route";
import * as runEvents from "@/app/api/runs/[id]/events/route";
import { call } from "./http";
import { createOrg, uid, type OrgFixture } from "./fixtures";
import { FAKE_AGENT, MISSING_SLUG, registerFakeBackends, runningRun, scriptedCampaign, scriptPlaybook, serveRoute } from "./agent-harness";

let A: OrgFixture;
let B: OrgFixture;
let mcp: { url: string; close: () => Promise<void> };
let bin: string;
const savedPath = process.env.PATH;

beforeAll(async () => {
  // The first backend (claude-code) is started as `npx -y @zed-industries/claude-agent-acp` and detected with
  // `claude --version`: both are stand-ins on PATH here that run the scripted agent, so the real backend entry,
  // its session _meta and its price table are what the test exercises.
  bin = fs.mkdtempSync(path.join(os.tmpdir(), "agent-bin-"));
  // Like the real npx, it answers --version (detection probes the program a run starts, docs/runners.md).
  fs.writeFileSync(path.join(bin, "npx"), `#!/bin/sh\n[ "$1" = "--version" ] && { echo "10.9.2"; exit 0; }\nexec "${process.execPath}" "${FAKE_AGENT}"\n`, { mode: 0o755 });
  fs.writeFileSync(path.join(bin, "claude"), `#!/bin/sh\necho "2.0.0 (Claude Code)"\n`, { mode: 0o755 });
  process.env.PATH = `${bin}:${savedPath}`;
  await registerFakeBackends();
  mcp = await serveRoute(mcpRoute.POST);
  process.env.OUTREACH_TOOL_SERVER_URL = mcp.url;
  [A, B] = await Promise.all([createOrg(), createOrg()]);
});

afterAll(async () => {
  process.env.PATH = savedPath;
  await mcp?.close();
  fs.rmSync(bin, { recursive: true, force: true });
});

const runRow = (id: number) => db.run.findUniqueOrThrow({ where: { id } });
const eventsOf = async (runId: number) => db.runEvent.findMany({ where: { runId }, orderBy: { seq: "asc" } });

describe("a campaign run through a real agent process", () => {
  it("drafts through the MCP tools, streams its log and ends success with usage and cost", async () => {
    await putRunnerConfig({ orgId: A.orgId, slug: "claude-code", config: { model: "claude-sonnet-4-5", maxTurns: 12 } });
    const { campaign, account } = await scriptedCampaign(
      A.orgId,
      {
        steps: [
          { say: "Reading the campaign before drafting anything" },
          { tool: "run_start" },
          { tool: "blocklist_check", args: { targets: [{ targetUser: "alice_dev" }] } },
          {
            tool: "drafts_create",
            args: {
              entries: [
                { accountId: "$account", kind: "dm", targetUser: "alice_dev", body: "Hi Alice, your post on flaky CI matched what we see.", qualityScore: 81, qualityReason: "specific" },
                { accountId: "$account", kind: "dm", targetUser: "bob_ops", body: "Hi Bob, short question about your deploy setup.", variants: ["Hey Bob, one question on deploys."], qualityScore: 64 },
              ],
            },
          },
          { usage: { inputTokens: 120_000, outputTokens: 8_000, cacheReadTokens: 400_000, cacheCreationTokens: 20_000 } },
          { tool: "run_finish", args: { summary: "Two people drafted" } },
        ],
      },
      "claude-code",
    );
    const started = await startCampaignRun({ orgId: A.orgId, campaignId: campaign.id, toolServerUrl: mcp.url, timeoutMs: 30_000 });
    expect(started.alreadyRunning).toBeUndefined();
    expect(await started.done).toEqual({ status: "success", failureReason: null });

    const run = await runRow(started.runId);
    expect(run).toMatchObject({ status: "success", kind: "campaign", runner: "claude-code", model: "claude-sonnet-4-5", failureReason: null, stopReason: "end_turn", exitCode: 0 });
    expect(run.params).toMatchObject({ summary: "Two people drafted" });
    expect(run.playbookBody).toContain("```fake-agent");
    expect([run.inputTokens, run.outputTokens, run.cacheReadTokens, run.cacheCreationTokens]).toEqual([120_000, 8_000, 400_000, 20_000]);
    // 0.12 * 3 + 0.008 * 15 + 0.4 * 0.30 + 0.02 * 3.75 = 0.36 + 0.12 + 0.12 + 0.075
    expect(Number(run.costUsd)).toBeCloseTo(0.675, 6);

    const drafts = await db.draft.findMany({ where: { runId: run.id }, orderBy: { id: "asc" } });
    expect(drafts.map((d) => [d.targetUser, d.variantLabel, d.state, d.accountId, d.campaignId])).toEqual([
      ["alice_dev", null, "pending_review", account.id, campaign.id],
      ["bob_ops", "A", "pending_review", account.id, campaign.id],
      ["bob_ops", "B", "pending_review", account.id, campaign.id],
    ]);

    const events = await eventsOf(run.id);
    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i + 1));
    const types = events.map((e) => e.type);
    expect(types).toEqual(expect.arrayContaining(["lifecycle", "message_chunk", "thought", "tool_call", "tool_call_update", "usage"]));
    const phases = events.filter((e) => e.type === "lifecycle").map((e) => (e.payload as { phase: string }).phase);
    expect(phases.slice(0, 5)).toEqual(["starting", "spawned", "initialized", "session_created", "prompt_sent"]);
    expect(phases).toEqual(expect.arrayContaining(["permission", "stopped", "exited", "finished"]));
    // The first backend's model and maxTurns reached the agent through session/new _meta.claudeCode.options.
    const thought = events.find((e) => e.type === "thought")!.payload as { text: string };
    expect(JSON.parse(thought.text.replace(/^meta: /, ""))).toEqual({ model: "claude-sonnet-4-5", maxTurns: 12 });
    const calls = events.filter((e) => e.type === "tool_call").map((e) => (e.payload as { title: string }).title);
    expect(calls).toEqual(["mcp__outreach__run_start", "mcp__outreach__blocklist_check", "mcp__outreach__drafts_create", "mcp__outreach__run_finish"]);
    const created = events.find((e) => e.type === "tool_call_update" && (e.payload as { text?: string }).text?.includes('"created"'))!;
    expect((created.payload as { status: string }).status).toBe("completed");
    // Relative timestamps grow with the log.
    const t = events.map((e) => (e.payload as { tUs: number }).tUs);
    expect([...t].sort((x, y) => x - y)).toEqual(t);

    // The log route answers the same events, and only after a given seq when asked.
    const log = await call(runEvents.GET, { cookie: A.cookie, params: { id: String(run.id) }, path: `/api/runs/${run.id}/events?afterSeq=3` });
    expect(log.status).toBe(200);
    expect(log.json.events[0].seq).toBe(4);
    expect(log.json.events.length).toBe(events.length - 3);
  });

  it("publishes run:started, run:log, drafts:changed and run:finished to the organization only", async () => {
    const { campaign } = await scriptedCampaign(A.orgId, {
      steps: [{ say: "hello" }, { tool: "run_start" }, { tool: "drafts_create", args: { entries: [{ accountId: "$account", kind: "dm", targetUser: `p_${uid()}`, body: "Hi there", qualityScore: 55 }] } }, { tool: "run_finish" }],
    });
    const seenA: StreamEvent[] = [];
    const seenB: StreamEvent[] = [];
    const offA = await subscribe(A.orgId, (e) => seenA.push(e));
    const offB = await subscribe(B.orgId, (e) => seenB.push(e));
    try {
      const res = await call(runRoute.POST, { cookie: A.cookie, method: "POST", body: { campaignId: campaign.id } });
      expect(res.status).toBe(202);
      const runId = res.json.runId as number;
      await expect.poll(() => seenA.some((e) => e.type === "run:finished" && e.data.runId === runId), { timeout: 20_000 }).toBe(true);
      await expect.poll(() => seenA.filter((e) => e.type === "run:finished").length, { timeout: 5_000 }).toBeGreaterThanOrEqual(1);
      const kinds = seenA.map((e) => e.type);
      expect(kinds[0]).toBe("run:started");
      expect(kinds).toEqual(expect.arrayContaining(["run:log", "drafts:changed", "run:finished"]));
      const started = seenA[0] as Extract<StreamEvent, { type: "run:started" }>;
      expect(started.data).toMatchObject({ runId, campaignId: campaign.id, projectId: campaign.projectId, status: "running" });
      const logSeqs = seenA.flatMap((e) => (e.type === "run:log" ? [e.data.seq] : []));
      expect(logSeqs).toEqual([...logSeqs].sort((x, y) => x - y));
      const finished = seenA.find((e) => e.type === "run:finished") as Extract<StreamEvent, { type: "run:finished" }>;
      expect(finished.data).toMatchObject({ runId, campaignId: campaign.id, status: "success" });
      expect(seenB).toEqual([]);
    } finally {
      offA();
      offB();
    }
  });

  it("keeps one live run per campaign, and cancelling ends the agent with failure_reason cancelled", async () => {
    const { campaign } = await scriptedCampaign(A.orgId, { steps: [{ say: "thinking for a long time" }, { hang: true }] });
    const first = await startCampaignRun({ orgId: A.orgId, campaignId: campaign.id, toolServerUrl: mcp.url, timeoutMs: 60_000 });
    const second = await call(runRoute.POST, { cookie: A.cookie, method: "POST", body: { campaignId: campaign.id } });
    expect(second.status).toBe(200);
    expect(second.json).toEqual({ runId: first.runId, alreadyRunning: true });
    await expect.poll(async () => (await eventsOf(first.runId)).some((e) => (e.payload as { phase?: string }).phase === "prompt_sent"), { timeout: 10_000 }).toBe(true);

    const cancelled = await cancelRun({ orgId: A.orgId, runId: first.runId, by: A.username });
    expect(cancelled).toMatchObject({ status: "failed", failureReason: "cancelled", error: `Cancelled by ${A.username}` });
    expect(await first.done).toEqual({ status: "failed", failureReason: "cancelled" });
    const phases = (await eventsOf(first.runId)).map((e) => (e.payload as { phase?: string }).phase);
    expect(phases).toEqual(expect.arrayContaining(["cancel_requested", "exited"]));
    await expect(cancelRun({ orgId: A.orgId, runId: first.runId, by: "x" })).rejects.toMatchObject({ code: "conflict" });
  });

  it("refuses a campaign whose runner is unavailable, and creates no run", async () => {
    for (const runner of ["cloud", MISSING_SLUG]) {
      const { campaign } = await scriptedCampaign(A.orgId, { steps: [] }, runner);
      const res = await call(runRoute.POST, { cookie: A.cookie, method: "POST", body: { campaignId: campaign.id } });
      expect(res.status, runner).toBe(422);
      expect(res.json.error).toBe("runner_unavailable");
      expect(res.json.message.length).toBeGreaterThan(10);
      expect(await db.run.count({ where: { campaignId: campaign.id } })).toBe(0);
    }
  });

  it("refuses Run now while the campaign's profile is being generated (409, no run), but not during a tuning preview", async () => {
    // On a runner that is not installed: once the profile check passes, the runner check answers 422 instead.
    const { campaign } = await scriptedCampaign(A.orgId, { steps: [] }, MISSING_SLUG);
    const generation = await db.run.create({
      data: { organizationId: A.orgId, campaignId: campaign.id, projectId: campaign.projectId, kind: "campaign_skill_generation", runner: "cloud", status: "running", params: { mode: "apply" } },
    });
    const refused = await call(runRoute.POST, { cookie: A.cookie, method: "POST", body: { campaignId: campaign.id } });
    expect(refused.status).toBe(409);
    expect(refused.json).toMatchObject({ error: "conflict", runId: generation.id });
    expect(refused.json.message).toContain("being generated");
    expect(await db.run.count({ where: { campaignId: campaign.id, kind: "campaign" } })).toBe(0);

    await db.run.update({ where: { id: generation.id }, data: { params: { mode: "preview" } } });
    const past = await call(runRoute.POST, { cookie: A.cookie, method: "POST", body: { campaignId: campaign.id } });
    expect(past.json.error).toBe("runner_unavailable");
    await db.run.update({ where: { id: generation.id }, data: { status: "failed", failureReason: "cancelled", finishedAt: new Date() } });
  });

  it("closes a run's tools once it has finished, and refuses a wrong secret", async () => {
    const { campaign } = await scriptedCampaign(A.orgId, { steps: [{ tool: "run_start" }, { tool: "run_finish" }, { tool: "run_start" }] });
    const started = await startCampaignRun({ orgId: A.orgId, campaignId: campaign.id, toolServerUrl: mcp.url, timeoutMs: 30_000 });
    expect((await started.done!).status).toBe("success");
    const updates = (await eventsOf(started.runId)).filter((e) => e.type === "tool_call_update").map((e) => e.payload as { status: string; text: string });
    expect(updates.map((u) => u.status)).toEqual(["completed", "completed", "failed"]);
    expect(updates[2]!.text).toMatch(/has finished/);

    const post = (headers: Record<string, string>) =>
      fetch(mcp.url, { method: "POST", headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }) });
    const wrong = await post({ authorization: "Bearer ort_wrong", "x-outreach-run-id": String(started.runId) });
    expect(wrong.status).toBe(401);
    expect((await wrong.json()).error).toBe("unauthorized");
    expect((await post({})).status).toBe(401);
  });
});

describe("every failure reason, produced by a real process and classified", () => {
  const cases: Array<{ reason: string; kind?: string; script?: unknown; runner?: string; timeoutMs?: number }> = [
    { reason: "runner_missing", runner: MISSING_SLUG, script: { steps: [] } },
    { reason: "auth_expired", script: { steps: [{ stderr: "Error: 401 Unauthorized - OAuth token has expired" }, { exit: 1 }] } },
    { reason: "quota_exhausted", script: { steps: [{ stderr: "Error: 429 Too Many Requests - rate limit reached for this model" }, { exit: 1 }] } },
    { reason: "playbook_error", script: { steps: [{ say: "starting" }, { stackTrace: true }] } },
    { reason: "network", script: { steps: [{ stderr: "request to https://api.example/v1 failed, reason: connect ECONNREFUSED 10.0.0.1:443" }, { exit: 1 }] } },
    { reason: "agent_crashed", script: { steps: [{ say: "starting" }, { crash: 3 }] } },
    { reason: "agent_timeout", script: { steps: [{ hang: true }] }, timeoutMs: 1_500 },
    { reason: "playbook_incomplete", kind: "project_insights", script: { steps: [{ say: "All done, nothing to report" }] } },
    { reason: "unknown", script: { steps: [{ fail: "The model returned an empty answer" }] } },
  ];

  for (const c of cases) {
    it(c.reason, async () => {
      const { run, token } = await runningRun(A.orgId, { kind: c.kind ?? "campaign", runner: c.runner, script: c.script });
      const outcome = await dispatchRun({ orgId: A.orgId, runId: run.id, token, toolServerUrl: mcp.url, timeoutMs: c.timeoutMs ?? 20_000 });
      expect(outcome).toEqual({ status: "failed", failureReason: c.reason });
      const row = await runRow(run.id);
      expect(row.status).toBe("failed");
      expect(row.finishedAt).not.toBeNull();
      expect(row.error?.length).toBeGreaterThan(0);
    });
  }

  it("a campaign run that exits cleanly without run_finish: failed with nothing drafted, success once it drafted", async () => {
    const { campaign: idle } = await scriptedCampaign(A.orgId, { steps: [{ tool: "run_start" }, { say: "Nobody fits today" }] });
    const none = await startCampaignRun({ orgId: A.orgId, campaignId: idle.id, toolServerUrl: mcp.url, timeoutMs: 20_000 });
    expect(await none.done).toEqual({ status: "failed", failureReason: "playbook_incomplete" });

    const { campaign: busy } = await scriptedCampaign(A.orgId, {
      steps: [{ tool: "run_start" }, { tool: "drafts_create", args: { entries: [{ accountId: "$account", kind: "dm", targetUser: `c_${uid()}`, body: "Hello", qualityScore: 55 }] } }],
    });
    const some = await startCampaignRun({ orgId: A.orgId, campaignId: busy.id, toolServerUrl: mcp.url, timeoutMs: 20_000 });
    expect(await some.done).toEqual({ status: "success", failureReason: null });
  });

  it("a run without a snapshot reads playbooks/<slug>.md, and fails clearly when there is none", async () => {
    const slug = `test-fallback-${uid()}`;
    fs.mkdirSync(PLAYBOOKS_DIR, { recursive: true });
    const file = path.join(PLAYBOOKS_DIR, `${slug}.md`);
    fs.writeFileSync(file, scriptPlaybook({ steps: [{ say: "from the file" }, { tool: "run_finish" }] }));
    try {
      // A legacy campaign run row with no snapshot (its finish tool is run_finish).
      const { run, token } = await runningRun(A.orgId, { kind: "campaign", playbookSlug: slug });
      expect(await dispatchRun({ orgId: A.orgId, runId: run.id, token, toolServerUrl: mcp.url, timeoutMs: 20_000 })).toEqual({ status: "success", failureReason: null });
      const starting = (await eventsOf(run.id)).find((e) => (e.payload as { phase?: string }).phase === "starting")!;
      expect((starting.payload as { detail: string }).detail).toContain("playbook from file");
    } finally {
      fs.rmSync(file);
    }
    const { run, token } = await runningRun(A.orgId, { kind: "project_extraction", playbookSlug: `missing-${uid()}` });
    expect(await dispatchRun({ orgId: A.orgId, runId: run.id, token, toolServerUrl: mcp.url })).toEqual({ status: "failed", failureReason: "playbook_error" });
    expect((await runRow(run.id)).error).toMatch(/No playbook/);
  });

  it("lists the registered fake backend like any other", async () => {
    const fake = (await detectRunners()).find((r) => r.slug === "fake-agent");
    expect(fake).toMatchObject({ available: true, label: "Fake agent (tests)" });
  });
});
