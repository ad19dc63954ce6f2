// A runner that cannot sign in, from the process to the pages' reads: the real Gemini CLI without a key fails
// `auth_expired` through the dispatcher; the campaign's last failure and Settings' sign-in failures read it back, each
// only inside its organization.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { dispatchRun } from "@/lib/runners/dispatch-run";
import { getRunnerSignInFailures } from "@/lib/runners/get-runner-sign-in-failures";
import { getLastRunFailure } from "@/lib/runs/get-last-run-failure";
import * as mcpRoute from "@/app/api/mcp/route";
import { createCampaignRow, createOrg, createProject, type OrgFixture } from "./fixtures";
import { runningRun, serveRoute } from "./agent-harness";

let A: OrgFixture;
let B: OrgFixture;

beforeAll(async () => {
  [A, B] = await Promise.all([createOrg(), createOrg()]);
});

const MINUTE = 60_000;

async function finishedRun(r: {
  orgId: number;
  campaignId?: number | null;
  runner: string;
  status: "success" | "failed";
  failureReason?: string;
  error?: string;
  minutesAgo: number;
  toolFailure?: string;
}) {
  const finishedAt = new Date(Date.now() - r.minutesAgo * MINUTE);
  const run = await db.run.create({
    data: {
      organizationId: r.orgId,
      campaignId: r.campaignId ?? null,
      kind: "campaign",
      status: r.status,
      runner: r.runner,
      failureReason: r.failureReason ?? null,
      error: r.error ?? null,
      startedAt: new Date(finishedAt.getTime() - 20_000),
      finishedAt,
    },
  });
  if (r.toolFailure) {
    await db.runEvent.createMany({
      data: [
        { organizationId: r.orgId, runId: run.id, seq: 1, type: "tool_call", payload: { toolCallId: "t1", title: "forum_scout", status: "pending" } },
        { organizationId: r.orgId, runId: run.id, seq: 2, type: "tool_call_update", payload: { toolCallId: "t1", status: "failed", text: r.toolFailure } },
      ],
    });
  }
  return run.id;
}

describe("the real Gemini CLI without an API key", () => {
  let mcp: { url: string; close: () => Promise<void> };
  let home: string;
  const saved = { PATH: process.env.PATH, HOME: process.env.HOME, GEMINI_API_KEY: process.env.GEMINI_API_KEY, GOOGLE_API_KEY: process.env.GOOGLE_API_KEY };

  beforeAll(async () => {
    mcp = await serveRoute(mcpRoute.POST);
    // An empty home (no ~/.gemini sign-in) and no key in the environment the dispatcher passes through.
    home = fs.mkdtempSync(path.join(os.tmpdir(), "gemini-no-key-"));
    process.env.HOME = home;
    process.env.PATH = `${path.resolve("node_modules/.bin")}:${saved.PATH}`;
    delete process.env.GEMINI_API_KEY;
    delete process.env.GOOGLE_API_KEY;
  });

  afterAll(async () => {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    await mcp?.close();
    fs.rmSync(home, { recursive: true, force: true });
  });

  it("fails auth_expired with the CLI's own words, and Settings hears of it", async () => {
    const project = await createProject(A.orgId);
    const campaign = await createCampaignRow(A.orgId, project.id);
    const { run, token } = await runningRun(A.orgId, { kind: "campaign", runner: "gemini", campaignId: campaign.id, projectId: project.id, script: { steps: [] } });

    const outcome = await dispatchRun({ orgId: A.orgId, runId: run.id, token, toolServerUrl: mcp.url, timeoutMs: 60_000 });

    // Before, the agent's error answer (ACP -32000, "Gemini API key is missing or not configured.") was `unknown`.
    expect(outcome).toEqual({ status: "failed", failureReason: "auth_expired" });
    const row = await db.run.findUniqueOrThrow({ where: { id: run.id } });
    expect(row.error).toMatch(/API key is missing/i);
    const last = await getLastRunFailure({ orgId: A.orgId, campaignId: campaign.id });
    expect(last).toMatchObject({ runId: run.id, runner: "gemini", failureReason: "auth_expired", authSource: "runner" });
    expect((await getRunnerSignInFailures({ orgId: A.orgId })).map((f) => f.runId)).toContain(run.id);
    expect(await getRunnerSignInFailures({ orgId: B.orgId })).toEqual([]);
  }, 90_000);
});

describe("getLastRunFailure", () => {
  it("is the campaign's latest finished run when it failed, passes over cancelled runs, and clears on a success", async () => {
    const project = await createProject(A.orgId);
    const campaign = await createCampaignRow(A.orgId, project.id);
    expect(await getLastRunFailure({ orgId: A.orgId, campaignId: campaign.id })).toBeNull();

    await finishedRun({ orgId: A.orgId, campaignId: campaign.id, runner: "gemini", status: "success", minutesAgo: 60 });
    const failed = await finishedRun({ orgId: A.orgId, campaignId: campaign.id, runner: "gemini", status: "failed", failureReason: "auth_expired", error: "Gemini API key is missing or not configured.", minutesAgo: 30 });
    await finishedRun({ orgId: A.orgId, campaignId: campaign.id, runner: "gemini", status: "failed", failureReason: "cancelled", error: "Cancelled by owner", minutesAgo: 20 });
    // A running run is not finished: the notice stays until it ends.
    await db.run.create({ data: { organizationId: A.orgId, campaignId: campaign.id, kind: "campaign", status: "running", runner: "gemini" } });

    const last = await getLastRunFailure({ orgId: A.orgId, campaignId: campaign.id });
    expect(last).toMatchObject({ runId: failed, runner: "gemini", failureReason: "auth_expired", error: "Gemini API key is missing or not configured.", authSource: "runner" });

    await finishedRun({ orgId: A.orgId, campaignId: campaign.id, runner: "gemini", status: "success", minutesAgo: 5 });
    expect(await getLastRunFailure({ orgId: A.orgId, campaignId: campaign.id })).toBeNull();
  });

  it("tells a platform account's refusal from the runner's, and leaves other reasons without a source", async () => {
    const project = await createProject(A.orgId);
    const campaign = await createCampaignRow(A.orgId, project.id);
    const account = await finishedRun({ orgId: A.orgId, campaignId: campaign.id, runner: "codex", status: "failed", failureReason: "auth_expired", error: "forum_scout: 401 Unauthorized: session token expired", minutesAgo: 10, toolFailure: "401 Unauthorized: session token expired" });
    expect(await getLastRunFailure({ orgId: A.orgId, campaignId: campaign.id })).toMatchObject({ runId: account, authSource: "account" });

    const quota = await finishedRun({ orgId: A.orgId, campaignId: campaign.id, runner: "codex", status: "failed", failureReason: "quota_exhausted", error: "429 Too Many Requests", minutesAgo: 1 });
    expect(await getLastRunFailure({ orgId: A.orgId, campaignId: campaign.id })).toMatchObject({ runId: quota, failureReason: "quota_exhausted", authSource: null });
  });

  it("does not read another organization's campaign", async () => {
    const project = await createProject(A.orgId);
    const campaign = await createCampaignRow(A.orgId, project.id);
    await finishedRun({ orgId: A.orgId, campaignId: campaign.id, runner: "gemini", status: "failed", failureReason: "auth_expired", minutesAgo: 3 });
    expect(await getLastRunFailure({ orgId: A.orgId, campaignId: campaign.id })).not.toBeNull();
    expect(await getLastRunFailure({ orgId: B.orgId, campaignId: campaign.id })).toBeNull();
  });
});

describe("getRunnerSignInFailures", () => {
  it("lists a runner whose latest run in the last 24 hours failed to sign in, in its organization only", async () => {
    const org = await createOrg();
    const other = await createOrg();
    const now = new Date();
    // qwen: failed to sign in 2 hours ago, after an older success; a cancelled run since changes nothing.
    await finishedRun({ orgId: org.orgId, runner: "qwen", status: "success", minutesAgo: 300 });
    const qwen = await finishedRun({ orgId: org.orgId, runner: "qwen", status: "failed", failureReason: "auth_expired", error: "Authentication required", minutesAgo: 120 });
    await finishedRun({ orgId: org.orgId, runner: "qwen", status: "failed", failureReason: "cancelled", minutesAgo: 60 });
    // codex: failed to sign in, then succeeded.
    await finishedRun({ orgId: org.orgId, runner: "codex", status: "failed", failureReason: "auth_expired", minutesAgo: 90 });
    await finishedRun({ orgId: org.orgId, runner: "codex", status: "success", minutesAgo: 30 });
    // auggie: the sign-in failure is older than a day.
    await finishedRun({ orgId: org.orgId, runner: "auggie", status: "failed", failureReason: "auth_expired", minutesAgo: 25 * 60 });
    // opencode: a platform account was refused, not the runner.
    await finishedRun({ orgId: org.orgId, runner: "opencode", status: "failed", failureReason: "auth_expired", minutesAgo: 10, toolFailure: "403 Forbidden" });
    // claude-code: failed to sign in, then failed for another reason: the latest run says nothing of sign-in.
    await finishedRun({ orgId: org.orgId, runner: "claude-code", status: "failed", failureReason: "auth_expired", minutesAgo: 50 });
    await finishedRun({ orgId: org.orgId, runner: "claude-code", status: "failed", failureReason: "network", minutesAgo: 40 });
    // The other organization's gemini failed to sign in; this one's did not run at all.
    await finishedRun({ orgId: other.orgId, runner: "gemini", status: "failed", failureReason: "auth_expired", minutesAgo: 5 });

    const failures = await getRunnerSignInFailures({ orgId: org.orgId, now });
    expect(failures).toEqual([{ runner: "qwen", runId: qwen, failedAt: expect.any(String), error: "Authentication required" }]);
    expect(new Date(failures[0]!.failedAt).getTime()).toBeCloseTo(now.getTime() - 120 * MINUTE, -4);
    expect((await getRunnerSignInFailures({ orgId: other.orgId, now })).map((f) => f.runner)).toEqual(["gemini"]);
    // A day later, nothing is news any more.
    expect(await getRunnerSignInFailures({ orgId: org.orgId, now: new Date(now.getTime() + 24 * 60 * MINUTE) })).toEqual([]);
  });
});
