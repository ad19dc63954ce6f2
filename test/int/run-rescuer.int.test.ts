// The run rescuer on a real database with a fake clock: a run whose lease ran out (its server was killed) is failed
// agent_crashed with run:finished, and what it held is released (a reply placeholder can be retried); a run whose
// lease is fresh is left alone; a live dispatcher keeps its run's lease fresh.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { subscribe } from "@/lib/events/bus";
import type { StreamEvent } from "@/lib/events/types";
import { rescueRuns } from "@/lib/jobs/run-rescuer";
import { log } from "@/lib/log/logger";
import { retryReplyDrafting } from "@/lib/replies/retry-reply-drafting";
import { RUN_LEASE_MS } from "@/lib/runs/run-lease";
import { startCampaignRun } from "@/lib/runs/start-campaign-run";
import { createDraftRow, createOrg, createProject, type OrgFixture } from "./fixtures";
import { registerFakeBackends, scriptedCampaign, serveToolServer, waitForRunEnd } from "./agent-harness";

let A: OrgFixture;
let tools: { close: () => Promise<void> };
beforeAll(async () => {
  await registerFakeBackends();
  tools = await serveToolServer();
  A = await createOrg();
});
afterAll(async () => tools.close());

const rescue = (now: Date) => rescueRuns({ now, log, orgIds: [A.orgId] });

async function leasedRun(leaseExpiresAt: Date, kind = "reply_drafting") {
  const project = await createProject(A.orgId);
  return db.run.create({ data: { organizationId: A.orgId, projectId: project.id, kind, runner: "fake-agent", status: "running", leaseExpiresAt } });
}

describe("run-rescuer", () => {
  it("fails a run whose lease ran out as agent_crashed, says why, and tells the pages", async () => {
    const now = new Date();
    const dead = await leasedRun(new Date(now.getTime() - 1000));
    const alive = await leasedRun(new Date(now.getTime() + 30_000));
    const events: StreamEvent[] = [];
    const off = await subscribe(A.orgId, (e) => events.push(e));
    try {
      const result = await rescue(now);
      expect(result.rescued).toEqual([dead.id]);
      expect(await db.run.findUniqueOrThrow({ where: { id: dead.id } })).toMatchObject({
        status: "failed",
        failureReason: "agent_crashed",
        error: expect.stringMatching(/^The server running this agent stopped/),
        finishedAt: now,
      });
      expect((await db.run.findUniqueOrThrow({ where: { id: alive.id } })).status).toBe("running");
      await expect.poll(() => events.filter((e) => e.type === "run:finished").map((e) => (e.data as { runId: number }).runId)).toEqual([dead.id]);
      // Rescued once: a second tick changes nothing.
      expect((await rescue(now)).rescued).toEqual([]);
    } finally {
      off();
    }
  });

  it("releases what the run held: the reply it was drafting can be retried", async () => {
    const now = new Date();
    const { campaign, project } = await scriptedCampaign(A.orgId, { steps: [] });
    const run = await db.run.create({
      data: { organizationId: A.orgId, campaignId: campaign.id, projectId: project.id, kind: "reply_drafting", runner: "fake-agent", status: "running", leaseExpiresAt: new Date(now.getTime() - 5000) },
    });
    const reply = await createDraftRow(A.orgId, { projectId: project.id, campaignId: campaign.id });
    await db.draft.update({ where: { id: reply.id }, data: { kind: "reply_dm", state: "proposed", draftingRunId: run.id } });
    await expect(retryReplyDrafting({ orgId: A.orgId, id: reply.id, actor: { type: "user", id: A.userId, label: A.username } })).rejects.toMatchObject({ code: "conflict" });
    await rescue(now);
    const retried = await retryReplyDrafting({ orgId: A.orgId, id: reply.id, actor: { type: "user", id: A.userId, label: A.username } });
    expect(retried.runId).not.toBe(run.id);
    await retried.done;
  });

  it("a run being dispatched holds a lease about 45 s ahead, renewed by its process", async () => {
    const { campaign } = await scriptedCampaign(A.orgId, { steps: [{ sleep: 1500 }, { tool: "run_finish" }] });
    const started = await startCampaignRun({ orgId: A.orgId, campaignId: campaign.id });
    const row = await db.run.findUniqueOrThrow({ where: { id: started.runId } });
    const ahead = row.leaseExpiresAt!.getTime() - Date.now();
    expect(ahead).toBeGreaterThan(RUN_LEASE_MS - 10_000);
    expect(ahead).toBeLessThanOrEqual(RUN_LEASE_MS);
    // The rescuer looking now leaves it alone.
    expect((await rescue(new Date())).rescued).not.toContain(started.runId);
    await started.done;
    expect((await waitForRunEnd(started.runId)).status).toBe("success");
  });
});
