// Tenants never run processes on the shared host (docs/security.md, "Processes"): in the cloud edition every place a
// runner is chosen or used offers and accepts only `cloud`, unless the operator opts in with
// OUTREACH_CLOUD_LOCAL_RUNNERS=on. Local CLIs are installed here (a `gemini` that answers --version, the scripted fake
// agent as an extra backend), so a local runner would run if anything let it; the cloud runner is not set up, so the
// runs that fall back to it are refused in words a customer can read.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/db/client";
import type { Logger } from "@/lib/log/logger";
import { campaignTick } from "@/lib/jobs/campaign-tick";
import { dispatchRun } from "@/lib/runners/dispatch-run";
import { CLOUD_RUNNER_DOWN_FOR_CUSTOMERS, detectRunners } from "@/lib/runners/detect-runners";
import { getCampaignReadiness } from "@/lib/campaigns/get-campaign-readiness";
import { recordInboundReply } from "@/lib/conversations/record-inbound-reply";
import { startCampaignRun } from "@/lib/runs/start-campaign-run";
import * as runnersRoute from "@/app/api/runners/route";
import * as campaignsRoute from "@/app/api/campaigns/route";
import * as campaignRoute from "@/app/api/campaigns/[id]/route";
import * as runRoute from "@/app/api/run/route";
import * as skillRunsRoute from "@/app/api/campaigns/[id]/skill-runs/route";
import * as insightsRoute from "@/app/api/projects/[id]/insights/route";
import * as extractRoute from "@/app/api/projects/[id]/extract/route";
import * as regenerateRoute from "@/app/api/drafts/[id]/regenerate/route";
import * as replyDraftingRoute from "@/app/api/drafts/[id]/reply-drafting/route";
import { call } from "./http";
import { createAccountRow, createDraftRow, createOrg, createProject, uid, type OrgFixture } from "./fixtures";
import { addMember, setEnv } from "./org-fixtures";
import { FAKE_SLUG, registerFakeBackends, runningRun, scriptedCampaign, serveToolServer, waitForRunEnd } from "./agent-harness";
import { inboundReply, sentDraft } from "./replies-harness";
import { zipOf } from "../fakes/make-archive";
import { uploadProjectArchive } from "@/lib/sources/upload-project-archive";

let A: OrgFixture;
let bin: string;
let tools: { close: () => Promise<void> };
let restoreEnv: () => void;
const savedPath = process.env.PATH;

const silent: Logger = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined, child: () => silent };
const id = (n: number) => String(n);
const runsOf = (orgId: number) => db.run.count({ where: { organizationId: orgId } });
const spawnedIn = async (runId: number) =>
  (await db.runEvent.findMany({ where: { runId, type: "lifecycle" } })).some((e) => (e.payload as { phase?: string }).phase === "spawned");

beforeAll(async () => {
  bin = fs.mkdtempSync(path.join(os.tmpdir(), "policy-bin-"));
  fs.writeFileSync(path.join(bin, "gemini"), '#!/bin/sh\necho "0.61.0"\n', { mode: 0o755 });
  process.env.PATH = `${bin}:${savedPath}`;
  restoreEnv = setEnv({ OUTREACH_EDITION: "cloud", OUTREACH_CLOUD_LOCAL_RUNNERS: undefined, OUTREACH_CLOUD_RELAY_URL: undefined, OUTREACH_CLOUD_TOKEN: undefined });
  await registerFakeBackends();
  tools = await serveToolServer();
  A = await createOrg();
});

afterAll(async () => {
  restoreEnv?.();
  process.env.PATH = savedPath;
  await tools?.close();
  fs.rmSync(bin, { recursive: true, force: true });
  await detectRunners({ refresh: true });
});

describe("the cloud edition offers and accepts only the cloud runner", () => {
  it("GET /api/runners lists cloud alone, in words for customers, and names no local runner's sign-in failure", async () => {
    // A run of a local runner that failed to sign in (from before the policy): Settings would otherwise name it.
    const failed = await db.run.create({
      data: { organizationId: A.orgId, kind: "campaign", runner: "gemini", status: "failed", failureReason: "auth_expired", error: "GEMINI_API_KEY is missing", startedAt: new Date(), finishedAt: new Date() },
    });
    try {
      const res = await call(runnersRoute.GET, { cookie: A.cookie });
      expect(res.status).toBe(200);
      expect(res.json.runners).toEqual([expect.objectContaining({ slug: "cloud", available: false, spec: null, reason: CLOUD_RUNNER_DOWN_FOR_CUSTOMERS })]);
      expect(res.json.signInFailures).toEqual([]);
      const text = JSON.stringify(res.json);
      for (const word of ["gemini", "npx", "--acp", FAKE_SLUG, "OUTREACH_", "install"]) expect(text).not.toContain(word);
    } finally {
      await db.run.delete({ where: { id: failed.id } });
    }
  });

  it("creating a campaign on a local runner, or moving one to it, is refused and saves nothing", async () => {
    const project = await createProject(A.orgId);
    const body = { projectId: project.id, name: `Policy ${uid()}`, platform: "forum", skill: "forum-scout" };
    const before = await db.campaign.count({ where: { organizationId: A.orgId } });
    for (const runner of ["gemini", FAKE_SLUG]) {
      const res = await call(campaignsRoute.POST, { method: "POST", cookie: A.cookie, body: { ...body, runner } });
      expect(res.status, runner).toBe(422);
      expect(res.json).toEqual({ error: "runner_unavailable", message: `The agent "${runner}" is not offered on this service: campaigns here run on the Cloud agent. Choose Cloud instead.`, runner });
    }
    expect(await db.campaign.count({ where: { organizationId: A.orgId } })).toBe(before);

    const created = await call(campaignsRoute.POST, { method: "POST", cookie: A.cookie, body });
    expect(created.status).toBe(201);
    expect(created.json.runner).toBe("cloud");
    const moved = await call(campaignRoute.PATCH, { method: "PATCH", cookie: A.cookie, params: { id: id(created.json.id) }, body: { runner: FAKE_SLUG, name: "Renamed" } });
    expect(moved.status).toBe(422);
    expect(await db.campaign.findUniqueOrThrow({ where: { id: created.json.id } })).toMatchObject({ runner: "cloud", name: body.name });
  });

  it("Run now and the scheduler refuse a campaign stored with a local runner, and write no run", async () => {
    const { campaign } = await scriptedCampaign(A.orgId, { steps: [{ say: "a local agent must never say this" }] }, FAKE_SLUG);
    const res = await call(runRoute.POST, { method: "POST", cookie: A.cookie, body: { campaignId: campaign.id } });
    expect(res.status).toBe(422);
    expect(res.json).toMatchObject({ error: "runner_unavailable", runner: FAKE_SLUG, message: expect.stringContaining("Choose Cloud") });
    expect(await db.run.count({ where: { campaignId: campaign.id } })).toBe(0);

    // The campaign page says the same before anyone presses Run now.
    const readiness = await getCampaignReadiness({ orgId: A.orgId, campaignId: campaign.id });
    expect(readiness.blocking).toContainEqual(expect.objectContaining({ code: "runner_unavailable", message: expect.stringContaining("not offered on this service") }));

    const now = new Date();
    await db.campaign.update({ where: { id: campaign.id }, data: { cron: "* * * * *", nextRunAt: new Date(now.getTime() - 60_000) } });
    const tick = await campaignTick({ now, log: silent, orgIds: [A.orgId] });
    expect(tick).toMatchObject({ started: 0, refused: 1 });
    expect((await db.campaign.findUniqueOrThrow({ where: { id: campaign.id } })).lastScheduleOutcome).toMatchObject({ result: "refused", message: expect.stringContaining("not offered on this service") });
    expect(await db.run.count({ where: { campaignId: campaign.id } })).toBe(0);
  });

  it("profile generation, regeneration, reply drafting, briefs and extraction never start a local runner: cloud, refused in words while it is down", async () => {
    const { project, account, campaign } = await scriptedCampaign(A.orgId, { steps: [{ say: "a local agent must never say this" }] }, FAKE_SLUG);
    // The cloud edition offers only sources handed over: an uploaded archive (docs/security.md, "Files").
    const archive = zipOf([{ name: "README.md", data: "# A product\n" }]);
    await uploadProjectArchive({ orgId: A.orgId, projectId: project.id, contentType: "application/zip", contentLength: String(archive.length), body: new Blob([new Uint8Array(archive)]).stream(), name: "product.zip" });
    const draft = await createDraftRow(A.orgId, { projectId: project.id, accountId: account.id, campaignId: campaign.id });
    const failedDrafting = await db.run.create({ data: { organizationId: A.orgId, kind: "reply_drafting", runner: FAKE_SLUG, campaignId: campaign.id, projectId: project.id, status: "failed", failureReason: "agent_crashed", startedAt: new Date(), finishedAt: new Date() } });
    const placeholder = await createDraftRow(A.orgId, { projectId: project.id, accountId: account.id, campaignId: campaign.id, kind: "reply_dm", state: "proposed", draftingRunId: failedDrafting.id });
    // A project without any campaign: the first local runner installed here would be picked.
    const bare = await createProject(A.orgId);
    const runsBefore = await runsOf(A.orgId);

    const attempts = [
      ["profile generation", call(skillRunsRoute.POST, { method: "POST", cookie: A.cookie, params: { id: id(campaign.id) }, body: { mode: "preview" } })],
      ["project brief", call(insightsRoute.POST, { method: "POST", cookie: A.cookie, params: { id: id(project.id) }, body: {} })],
      ["brief of a project without campaigns", call(insightsRoute.POST, { method: "POST", cookie: A.cookie, params: { id: id(bare.id) }, body: {} })],
      ["extraction", call(extractRoute.POST, { method: "POST", cookie: A.cookie, params: { id: id(project.id) }, body: {} })],
      ["regeneration", call(regenerateRoute.POST, { method: "POST", cookie: A.cookie, params: { id: id(draft.id) }, body: { hint: "shorter" } })],
    ] as const;
    for (const [what, pending] of attempts) {
      const res = await pending;
      expect(res.status, `${what}: ${JSON.stringify(res.json)}`).toBe(422);
      expect(res.json, what).toEqual({ error: "runner_unavailable", message: CLOUD_RUNNER_DOWN_FOR_CUSTOMERS, runner: "cloud" });
    }
    // Reply drafting says the same in the reply's own words (docs/conversations.md), naming no CLI or setting.
    const retry = await call(replyDraftingRoute.POST, { method: "POST", cookie: A.cookie, params: { id: id(placeholder.id) }, body: {} });
    expect(retry.status).toBe(422);
    expect(retry.json).toEqual({
      error: "runner_unavailable", runner: "cloud",
      message: `No agent runner can draft this reply here. Cloud: ${CLOUD_RUNNER_DOWN_FOR_CUSTOMERS} No other runner is available either. Press Retry on this reply once the runner is back.`,
    });
    expect(await runsOf(A.orgId)).toBe(runsBefore);

    // A reply that arrives (nobody waits on that request) finds no runner that can run: its drafting run is not
    // started, and says why in words; nothing spawns.
    const sent = await sentDraft(A.orgId, { runner: FAKE_SLUG });
    const recorded = await recordInboundReply(inboundReply(A.orgId, sent.draft.id));
    expect(await recorded.done).toEqual({ status: "failed", failureReason: "runner_missing" });
    expect(await db.run.findUniqueOrThrow({ where: { id: recorded.runId! } })).toMatchObject({
      runner: "cloud", error: `No agent runner can draft this reply here, so no drafting run was started. Cloud: ${CLOUD_RUNNER_DOWN_FOR_CUSTOMERS} No other runner is available either. Press Retry on this reply once the runner is back.`,
    });
    expect(await spawnedIn(recorded.runId!)).toBe(false);
  });

  it("the dispatcher never spawns a local agent, whatever wrote the run row", async () => {
    const { run, token } = await runningRun(A.orgId, { kind: "campaign", runner: FAKE_SLUG, script: { steps: [{ say: "a local agent must never say this" }] } });
    const outcome = await dispatchRun({ orgId: A.orgId, runId: run.id, token, toolServerUrl: "http://127.0.0.1:9/api/mcp" });
    expect(outcome).toEqual({ status: "failed", failureReason: "runner_missing" });
    expect((await db.run.findUniqueOrThrow({ where: { id: run.id } })).error).toContain(`The agent "${FAKE_SLUG}" is not offered on this service`);
    expect(await spawnedIn(run.id)).toBe(false);
    const texts = JSON.stringify(await db.runEvent.findMany({ where: { runId: run.id } }));
    expect(texts).not.toContain("a local agent must never say this");
  });

  it("with OUTREACH_CLOUD_LOCAL_RUNNERS=on the local runners come back, and run", async () => {
    const { campaign } = await scriptedCampaign(A.orgId, { steps: [{ tool: "run_start" }, { tool: "run_finish", args: { summary: "ran locally" } }] }, FAKE_SLUG);
    expect((await call(runRoute.POST, { method: "POST", cookie: A.cookie, body: { campaignId: campaign.id } })).status).toBe(422);

    const restore = setEnv({ OUTREACH_CLOUD_LOCAL_RUNNERS: "on" });
    try {
      const listed = await call(runnersRoute.GET, { cookie: A.cookie });
      const slugs = listed.json.runners.map((r: { slug: string }) => r.slug);
      expect(slugs).toEqual(expect.arrayContaining(["cloud", "gemini", FAKE_SLUG]));
      expect(listed.json.runners.find((r: { slug: string }) => r.slug === "gemini")).toMatchObject({ available: true, version: "0.61.0" });

      const project = await createProject(A.orgId);
      const created = await call(campaignsRoute.POST, { method: "POST", cookie: A.cookie, body: { projectId: project.id, name: `Opted in ${uid()}`, platform: "forum", skill: "forum-scout", runner: FAKE_SLUG } });
      expect(created.status).toBe(201);
      expect(created.json.runner).toBe(FAKE_SLUG);

      const started = await startCampaignRun({ orgId: A.orgId, campaignId: campaign.id, timeoutMs: 20_000 });
      expect(await started.done).toEqual({ status: "success", failureReason: null });
      await waitForRunEnd(started.runId);
    } finally {
      restore();
    }
  });
});

describe("POST /api/runners (Re-detect)", () => {
  it("is for admins, and runs at most once per 30 s per instance (429 with Retry-After)", async () => {
    const member = await addMember(A.orgId, "member");
    const admin = await addMember(A.orgId, "admin");
    const refused = await call(runnersRoute.POST, { method: "POST", cookie: member.cookie });
    expect(refused.status).toBe(403);
    expect(refused.json).toEqual({ error: "forbidden", message: "This action needs the admin role" });

    const t0 = Date.now();
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(t0);
      expect((await call(runnersRoute.POST, { method: "POST", cookie: admin.cookie })).status).toBe(200);
      vi.setSystemTime(t0 + 10_000);
      const again = await call(runnersRoute.POST, { method: "POST", cookie: A.cookie });
      expect(again.status).toBe(429);
      expect(again.headers.get("retry-after")).toBe("20");
      expect(again.json).toMatchObject({ error: "rate_limited", retry_after: 20 });
      vi.setSystemTime(t0 + 31_000);
      const later = await call(runnersRoute.POST, { method: "POST", cookie: admin.cookie });
      expect(later.status).toBe(200);
      expect(later.json.runners.map((r: { slug: string }) => r.slug)).toEqual(["cloud"]);
    } finally {
      vi.useRealTimers();
    }
  });
});
