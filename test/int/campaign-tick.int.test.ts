// The campaign tick as a plain function on a real database, with a fake clock: each due slot starts exactly one run
// (trigger `schedule`) through the same path as POST /api/run, also with ticks racing or coming late; downtime
// gives one run, not one per missed slot; a live run, a paused or draft campaign and an unavailable runner are
// handled as a person would expect. Ticks are scoped to this file's organizations.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/db/client";
import { campaignTick, type ScheduleOutcome } from "@/lib/jobs/campaign-tick";
import { updateCampaign } from "@/lib/campaigns/update-campaign";
import type { Logger } from "@/lib/log/logger";
import { createOrg, type OrgFixture } from "./fixtures";
import { registerFakeBackends, scriptedCampaign, serveToolServer, waitForRunEnd } from "./agent-harness";

let A: OrgFixture;
let tools: { close: () => Promise<void> };
const FINISH = { steps: [{ tool: "run_finish", args: { summary: "scheduled" } }] };

beforeAll(async () => {
  await registerFakeBackends();
  tools = await serveToolServer();
  A = await createOrg();
});
afterAll(async () => tools.close());

function testLog() {
  const warn = vi.fn();
  const logger: Logger = { debug: vi.fn(), info: vi.fn(), warn, error: vi.fn(), child: () => logger };
  return { logger, warn };
}

// A fixed clock well before the real one, so nothing of other files is ever due in these ticks.
const T = new Date("2026-03-02T10:00:00Z");
const at = (seconds: number) => new Date(T.getTime() + seconds * 1000);

async function scheduled(cron: string, nextRunAt: Date, state: "active" | "paused" | "draft" = "active", runner?: string) {
  const { campaign } = await scriptedCampaign(A.orgId, FINISH, runner);
  return db.campaign.update({ where: { id: campaign.id }, data: { cron, nextRunAt, state } });
}

const tick = (now: Date, log: Logger = testLog().logger) => campaignTick({ now, log, orgIds: [A.orgId] });
const runsOf = (campaignId: number) => db.run.findMany({ where: { campaignId }, orderBy: { id: "asc" } });
const outcomeOf = async (campaignId: number) => (await db.campaign.findUniqueOrThrow({ where: { id: campaignId } })).lastScheduleOutcome as unknown as ScheduleOutcome;

describe("campaign-tick", () => {
  it("starts one run for a due slot, through the run path, marked as scheduled; the same slot never runs twice", async () => {
    const c = await scheduled("* * * * *", T);
    await tick(at(5));
    await tick(at(20));
    const runs = await runsOf(c.id);
    expect(runs.map((r) => [r.kind, r.trigger])).toEqual([["campaign", "schedule"]]);
    await waitForRunEnd(runs[0]!.id);
    expect((await db.run.findUniqueOrThrow({ where: { id: runs[0]!.id } })).status).toBe("success");
    const after = await db.campaign.findUniqueOrThrow({ where: { id: c.id } });
    expect(after.nextRunAt).toEqual(at(60));
    expect(after.lastScheduledAt).toEqual(T);
    expect(await outcomeOf(c.id)).toMatchObject({ slot: T.toISOString(), result: "started", runId: runs[0]!.id });
  });

  it("two workers ticking at once start one run per slot", async () => {
    const c = await scheduled("* * * * *", T);
    const results = await Promise.all([tick(at(3)), tick(at(3)), tick(at(4))]);
    expect(results.reduce((n, r) => n + r.started, 0)).toBe(1);
    const runs = await runsOf(c.id);
    expect(runs).toHaveLength(1);
    await waitForRunEnd(runs[0]!.id);
    // The next slot is another run.
    await Promise.all([tick(at(61)), tick(at(62))]);
    expect(await runsOf(c.id)).toHaveLength(2);
    await waitForRunEnd((await runsOf(c.id))[1]!.id);
  });

  it("after an hour with no ticks, one run starts and the missed slots are skipped and logged", async () => {
    const c = await scheduled("* * * * *", T);
    const { logger, warn } = testLog();
    await tick(at(3600 + 30), logger);
    const runs = await runsOf(c.id);
    expect(runs).toHaveLength(1);
    expect(await outcomeOf(c.id)).toMatchObject({ slot: at(3600).toISOString(), result: "started", skippedSlots: 60 });
    expect(warn).toHaveBeenCalledWith("missed schedule slots skipped", expect.objectContaining({ campaignId: c.id, skipped: 60 }));
    expect((await db.campaign.findUniqueOrThrow({ where: { id: c.id } })).nextRunAt).toEqual(at(3660));
    await waitForRunEnd(runs[0]!.id);
  });

  it("a slot due while the previous run is alive records already_running, not an error, and starts nothing", async () => {
    const c = await scheduled("*/5 * * * *", T);
    const live = await db.run.create({ data: { organizationId: A.orgId, campaignId: c.id, projectId: c.projectId, kind: "campaign", runner: c.runner, status: "running" } });
    const result = await tick(at(10));
    expect(result).toMatchObject({ started: 0, alreadyRunning: 1, refused: 0 });
    expect(await outcomeOf(c.id)).toMatchObject({ result: "already_running", runId: live.id });
    expect(await runsOf(c.id)).toHaveLength(1);
    // The slot is used up: the next tick does not try again before the next slot.
    expect((await db.campaign.findUniqueOrThrow({ where: { id: c.id } })).nextRunAt).toEqual(at(300));
    await db.run.update({ where: { id: live.id }, data: { status: "failed", failureReason: "cancelled", finishedAt: at(11) } });
  });

  it("paused and draft campaigns never run, even when a slot is due", async () => {
    const paused = await scheduled("* * * * *", T, "paused");
    const draft = await scheduled("* * * * *", T, "draft");
    await tick(at(5));
    expect(await runsOf(paused.id)).toEqual([]);
    expect(await runsOf(draft.id)).toEqual([]);
  });

  it("an unavailable runner is refused with the reason on the campaign, and the others still run", async () => {
    const broken = await scheduled("* * * * *", T, "active", "missing-agent");
    const fine = await scheduled("* * * * *", T);
    const result = await tick(at(5));
    expect(result.refused).toBeGreaterThanOrEqual(1);
    expect(await outcomeOf(broken.id)).toMatchObject({ result: "refused", message: expect.stringMatching(/./) });
    expect(await runsOf(broken.id)).toEqual([]);
    const runs = await runsOf(fine.id);
    expect(runs).toHaveLength(1);
    await waitForRunEnd(runs[0]!.id);
  });

  it("a campaign whose schedule was never computed gets its next slot without a run for the past", async () => {
    const c = await scheduled("0 * * * *", T);
    await db.campaign.update({ where: { id: c.id }, data: { nextRunAt: null } });
    const result = await tick(at(1800));
    expect(result.initialized).toBeGreaterThanOrEqual(1);
    expect(await runsOf(c.id)).toEqual([]);
    expect((await db.campaign.findUniqueOrThrow({ where: { id: c.id } })).nextRunAt).toEqual(at(3600));
  });
});

describe("schedule changes", () => {
  it("Resume and a new cron schedule from now on, so slots that passed are not run", async () => {
    const c = await scheduled("* * * * *", new Date("2026-01-01T00:00:00Z"), "paused");
    const before = Date.now();
    const resumed = await updateCampaign({ orgId: A.orgId, id: c.id, patch: { state: "active" } });
    expect(resumed.state).toBe("active");
    const next = (await db.campaign.findUniqueOrThrow({ where: { id: c.id } })).nextRunAt!;
    expect(next.getTime()).toBeGreaterThan(before);
    expect(next.getTime()).toBeLessThanOrEqual(before + 60_000);
    await updateCampaign({ orgId: A.orgId, id: c.id, patch: { cron: "0 9 * * *" } });
    const daily = (await db.campaign.findUniqueOrThrow({ where: { id: c.id } })).nextRunAt!;
    expect(daily.getUTCHours()).toBe(9);
    expect(daily.getUTCMinutes()).toBe(0);
    await updateCampaign({ orgId: A.orgId, id: c.id, patch: { cron: null } });
    expect((await db.campaign.findUniqueOrThrow({ where: { id: c.id } })).nextRunAt).toBeNull();
  });
});
