// The read side of runs: listRuns, getRun, getSpend and the campaign readiness banner, each with a cross-organization
// case (another organization's run or campaign is not found, not listed and not counted).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/http/errors";
import { getCampaignReadiness } from "@/lib/campaigns/get-campaign-readiness";
import { detectRunners } from "@/lib/runners/detect-runners";
import { getRun } from "@/lib/runs/get-run";
import { getSpend } from "@/lib/runs/get-spend";
import { listRuns } from "@/lib/runs/list-runs";
import { createAccountRow, createCampaignRow, createDraftRow, createOrg, createProject, VALID_PROFILE, type OrgFixture } from "./fixtures";

type RunRow = {
  orgId: number;
  campaignId?: number | null;
  projectId?: number | null;
  kind?: string;
  status?: "running" | "success" | "failed";
  failureReason?: string | null;
  costUsd?: string | null;
  startedAt?: Date;
  finishedAt?: Date | null;
  runner?: string;
  params?: Record<string, unknown>;
};

function createRunRow(r: RunRow) {
  const status = r.status ?? "success";
  const startedAt = r.startedAt ?? new Date();
  return db.run.create({
    data: {
      organizationId: r.orgId,
      campaignId: r.campaignId ?? null,
      projectId: r.projectId ?? null,
      kind: r.kind ?? "campaign",
      status,
      runner: r.runner ?? "claude-code",
      model: "claude-sonnet-4-5",
      playbookSlug: "forum-scout",
      failureReason: r.failureReason ?? null,
      error: r.failureReason ? "agent did not answer" : null,
      costUsd: r.costUsd ?? null,
      inputTokens: r.costUsd ? 1000 : null,
      outputTokens: r.costUsd ? 200 : null,
      startedAt,
      finishedAt: r.finishedAt !== undefined ? r.finishedAt : status === "running" ? null : new Date(startedAt.getTime() + 42_000),
      params: (r.params ?? {}) as object,
    },
  });
}

const expectNotFound = async (p: Promise<unknown>) => {
  const err = await p.then(() => null, (e: unknown) => e);
  expect(err).toBeInstanceOf(AppError);
  expect((err as AppError).code).toBe("not_found");
};

let A: OrgFixture;
let B: OrgFixture;

beforeAll(async () => {
  [A, B] = await Promise.all([createOrg(), createOrg()]);
});

describe("listRuns and getRun", () => {
  let campaignId: number;
  let ids: { ok: number; failed: number; running: number; other: number; foreign: number };

  beforeAll(async () => {
    const p = await createProject(A.orgId);
    const [c1, c2] = await Promise.all([createCampaignRow(A.orgId, p.id), createCampaignRow(A.orgId, p.id)]);
    campaignId = c1.id;
    const t = Date.now();
    const ok = await createRunRow({ orgId: A.orgId, campaignId, projectId: p.id, costUsd: "0.123456", startedAt: new Date(t - 30_000), params: { note: "x" } });
    const failed = await createRunRow({ orgId: A.orgId, campaignId, projectId: p.id, status: "failed", failureReason: "agent_timeout", startedAt: new Date(t - 20_000) });
    const running = await createRunRow({ orgId: A.orgId, campaignId, projectId: p.id, status: "running", startedAt: new Date(t - 10_000) });
    const other = await createRunRow({ orgId: A.orgId, campaignId: c2.id, projectId: p.id, startedAt: new Date(t - 40_000) });
    // B's run pointing at A's campaign id must never show up on A's pages.
    const foreign = await createRunRow({ orgId: B.orgId, campaignId, startedAt: new Date(t) });
    ids = { ok: ok.id, failed: failed.id, running: running.id, other: other.id, foreign: foreign.id };
    await createDraftRow(A.orgId, { projectId: p.id, campaignId });
    await db.draft.updateMany({ where: { organizationId: A.orgId, campaignId }, data: { runId: ok.id } });
    await createDraftRow(A.orgId, { projectId: p.id, campaignId }).then((d) => db.draft.update({ where: { id: d.id }, data: { runId: ok.id } }));
  });

  it("lists a campaign's runs newest first with names, draft counts and costs as numbers", async () => {
    const runs = await listRuns({ orgId: A.orgId, campaignId });
    expect(runs.map((r) => r.id)).toEqual([ids.running, ids.failed, ids.ok]);
    const ok = runs.find((r) => r.id === ids.ok)!;
    expect(ok).toMatchObject({ kind: "campaign", status: "success", costUsd: 0.123456, draftCount: 2, inputTokens: 1000, campaignId });
    expect(ok.campaignName).toMatch(/^Campaign /);
    expect(typeof ok.startedAt).toBe("string");
    expect(runs.find((r) => r.id === ids.failed)).toMatchObject({ failureReason: "agent_timeout", costUsd: null, error: "agent did not answer", draftCount: 0 });
    expect(runs.find((r) => r.id === ids.running)).toMatchObject({ finishedAt: null });
  });

  it("filters by failure reason, status and limit", async () => {
    expect((await listRuns({ orgId: A.orgId, campaignId, failureReason: "agent_timeout" })).map((r) => r.id)).toEqual([ids.failed]);
    expect((await listRuns({ orgId: A.orgId, campaignId, failureReason: "network" }))).toEqual([]);
    expect((await listRuns({ orgId: A.orgId, status: "running" })).map((r) => r.id)).toContain(ids.running);
    expect((await listRuns({ orgId: A.orgId, limit: 2 })).map((r) => r.id)).toEqual([ids.running, ids.failed]);
  });

  it("cross-organization: another organization's runs are never listed, even under a campaign id", async () => {
    const aAll = await listRuns({ orgId: A.orgId });
    expect(aAll.map((r) => r.id)).not.toContain(ids.foreign);
    expect(aAll.map((r) => r.id)).toEqual(expect.arrayContaining([ids.ok, ids.other]));
    const bAll = await listRuns({ orgId: B.orgId, campaignId });
    expect(bAll.map((r) => r.id)).toEqual([ids.foreign]);
    // B's row points at A's campaign: B must not learn its name.
    expect(bAll[0]).toMatchObject({ campaignId: null, campaignName: null });
  });

  it("getRun answers one run with its playbook slug and params", async () => {
    const run = await getRun({ orgId: A.orgId, runId: ids.ok });
    expect(run).toMatchObject({ id: ids.ok, playbookSlug: "forum-scout", params: { note: "x" }, draftCount: 2, costUsd: 0.123456, runner: "claude-code" });
  });

  it("cross-organization: getRun of another organization's run is not found, like a missing one", async () => {
    await expectNotFound(getRun({ orgId: B.orgId, runId: ids.ok }));
    await expectNotFound(getRun({ orgId: A.orgId, runId: ids.foreign }));
    await expectNotFound(getRun({ orgId: A.orgId, runId: 2_000_000_000 }));
  });
});

describe("getSpend", () => {
  const now = new Date("2026-03-15T12:00:00Z");
  const ago = (h: number) => new Date(now.getTime() - h * 3_600_000);
  let S: OrgFixture;

  beforeAll(async () => {
    S = await createOrg();
    await Promise.all([
      createRunRow({ orgId: S.orgId, costUsd: "1.250000", startedAt: ago(1) }),
      createRunRow({ orgId: S.orgId, status: "running", startedAt: ago(2) }),
      createRunRow({ orgId: S.orgId, costUsd: "2.500000", startedAt: ago(72) }),
      createRunRow({ orgId: S.orgId, status: "failed", failureReason: "unknown", startedAt: ago(73) }),
      createRunRow({ orgId: S.orgId, costUsd: "4.000000", startedAt: ago(24 * 10) }),
      createRunRow({ orgId: S.orgId, costUsd: "100.000000", startedAt: ago(24 * 20) }),
      // After `now`: not part of any window.
      createRunRow({ orgId: S.orgId, costUsd: "7.000000", startedAt: new Date(now.getTime() + 60_000) }),
      // Another organization's spend in the same hour.
      createRunRow({ orgId: B.orgId, costUsd: "50.000000", startedAt: ago(1) }),
    ]);
  });

  it("sums 24 h and 7 d spend, counts runs, and counts finished runs without a price as unpriced", async () => {
    const s = await getSpend({ orgId: S.orgId, now });
    expect(s).toMatchObject({ last24hUsd: 1.25, runs24h: 2, last7dUsd: 3.75, runs7d: 4, unpricedRuns7d: 1 });
  });

  it("gives 14 UTC days oldest first with zeros for quiet days", async () => {
    const { daily } = await getSpend({ orgId: S.orgId, now });
    expect(daily).toHaveLength(14);
    expect(daily[0]!.day).toBe("2026-03-02");
    expect(daily[13]).toEqual({ day: "2026-03-15", costUsd: 1.25, runs: 2 });
    expect(daily.find((d) => d.day === "2026-03-12")).toEqual({ day: "2026-03-12", costUsd: 2.5, runs: 2 });
    expect(daily.find((d) => d.day === "2026-03-05")).toEqual({ day: "2026-03-05", costUsd: 4, runs: 1 });
    expect(daily.filter((d) => d.runs === 0)).toHaveLength(11);
  });

  it("cross-organization: another organization's runs are not counted", async () => {
    const empty = await createOrg();
    const s = await getSpend({ orgId: empty.orgId, now });
    expect(s).toMatchObject({ last24hUsd: 0, last7dUsd: 0, runs24h: 0, runs7d: 0, unpricedRuns7d: 0 });
    expect(s.daily.every((d) => d.costUsd === 0 && d.runs === 0)).toBe(true);
  });
});

describe("getCampaignReadiness", () => {
  let bin: string;
  const savedPath = process.env.PATH;
  let projectId: number;

  beforeAll(async () => {
    bin = fs.mkdtempSync(path.join(os.tmpdir(), "readiness-bin-"));
    fs.writeFileSync(path.join(bin, "gemini"), '#!/bin/sh\necho "0.21.3"\n');
    fs.chmodSync(path.join(bin, "gemini"), 0o755);
    // Only this folder is searched: gemini is installed, every other local CLI is missing, cloud is unavailable.
    process.env.PATH = bin;
    await detectRunners({ refresh: true });
    projectId = (await createProject(A.orgId)).id;
  });

  afterAll(() => {
    process.env.PATH = savedPath;
    fs.rmSync(bin, { recursive: true, force: true });
  });

  async function campaign(opts: { runner?: string; config?: Record<string, unknown>; platform?: string } = {}) {
    const c = await createCampaignRow(A.orgId, projectId);
    return db.campaign.update({
      where: { id: c.id },
      data: { runner: opts.runner ?? "gemini", config: (opts.config ?? VALID_PROFILE) as object, platform: opts.platform ?? "forum" },
    });
  }

  it("lists every blocking issue with its action: no profile, no account, runner unavailable", async () => {
    const p = await createProject(A.orgId);
    const c = await createCampaignRow(A.orgId, p.id);
    // An account on the other platform does not count for a forum campaign.
    await createAccountRow(A.orgId, p.id, "federated");
    const r = await getCampaignReadiness({ orgId: A.orgId, campaignId: c.id });
    expect(r.blocking.map((b) => b.code)).toEqual(["profile_missing", "no_account", "runner_unavailable"]);
    expect(r.blocking[0]!.action).toEqual({ label: "Generate profile", action: "generate_profile" });
    expect(r.blocking[1]!.action).toEqual({ label: "Add account", href: `/projects/${p.id}?tab=accounts` });
    expect(r.blocking[2]!.action).toEqual({ label: "Choose another agent", href: `/campaigns/${c.id}#edit-campaign-runner` });
    expect(r.blocking[2]!.message).toContain("cloud runner");
    expect(r).toMatchObject({ inProgress: [], generatingProfile: false, campaignRunning: false, liveRunId: null });
  });

  it("is ready with a profile, an account on the platform and an installed runner", async () => {
    await createAccountRow(A.orgId, projectId, "forum");
    const c = await campaign();
    const r = await getCampaignReadiness({ orgId: A.orgId, campaignId: c.id });
    expect(r).toEqual({
      blocking: [], inProgress: [], generatingProfile: false, profileBeingWritten: false, campaignRunning: false, liveRunId: null,
      generationRunner: "gemini", generationRunnerProblem: null,
    });
    const missing = await campaign({ runner: "qwen" });
    const refused = await getCampaignReadiness({ orgId: A.orgId, campaignId: missing.id });
    expect(refused.blocking.map((b) => b.code)).toEqual(["runner_unavailable"]);
    // Generate preview and Regenerate are held back with the same reason as Run now.
    expect(refused.generationRunner).toBe("qwen");
    expect(refused.generationRunnerProblem).toBe(refused.blocking[0]!.message);
  });

  it("reports a live campaign run and a live profile generation; finished runs do not count", async () => {
    const c = await campaign({ config: {} });
    await createRunRow({ orgId: A.orgId, campaignId: c.id, status: "success" });
    const live = await createRunRow({ orgId: A.orgId, campaignId: c.id, status: "running" });
    const gen = await createRunRow({ orgId: A.orgId, campaignId: c.id, status: "running", kind: "campaign_skill_generation" });
    const r = await getCampaignReadiness({ orgId: A.orgId, campaignId: c.id });
    expect(r.campaignRunning).toBe(true);
    expect(r.liveRunId).toBe(live.id);
    expect(r.generatingProfile).toBe(true);
    expect(r.inProgress).toEqual([{ code: "generating_profile", label: "Generating campaign profile", runId: gen.id }]);
    // The profile is on its way: no "Generate profile" button beside the spinner.
    expect(r.blocking.map((b) => b.code)).toEqual([]);

    await db.run.updateMany({ where: { id: { in: [live.id, gen.id] } }, data: { status: "success", finishedAt: new Date() } });
    const after = await getCampaignReadiness({ orgId: A.orgId, campaignId: c.id });
    expect(after).toMatchObject({ campaignRunning: false, liveRunId: null, generatingProfile: false, inProgress: [] });
    expect(after.blocking.map((b) => b.code)).toEqual(["profile_missing"]);
  });

  it("cross-organization: another organization's campaign is not found; its live runs never count", async () => {
    const c = await campaign();
    await expectNotFound(getCampaignReadiness({ orgId: B.orgId, campaignId: c.id }));
    await expectNotFound(getCampaignReadiness({ orgId: A.orgId, campaignId: 2_000_000_000 }));
    await createRunRow({ orgId: B.orgId, campaignId: c.id, status: "running" });
    await createRunRow({ orgId: B.orgId, campaignId: c.id, status: "running", kind: "campaign_skill_generation" });
    expect(await getCampaignReadiness({ orgId: A.orgId, campaignId: c.id })).toMatchObject({ campaignRunning: false, generatingProfile: false, liveRunId: null });
  });
});
