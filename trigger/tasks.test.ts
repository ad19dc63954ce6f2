// The Trigger.dev tasks cannot run here (no Trigger.dev), so this checks what they are made of: one scheduled task per
// job of lib/jobs/catalog.ts, on the job's cron, whose run calls that job's body with the scheduled time as `now`.
import { beforeEach, describe, expect, it, vi } from "vitest";

const runJob = vi.fn(async () => ({ ok: true }));
vi.mock("@/lib/jobs/run-job", () => ({ runJob }));

const { JOBS } = await import("@/lib/jobs/catalog");
const tasks = [
  (await import("./campaign-tick")).campaignTickOptions,
  (await import("./run-rescuer")).runRescuerOptions,
  (await import("./webhook-deliver")).webhookDeliverOptions,
  (await import("./auto-post")).autoPostOptions,
  (await import("./removal-check")).removalCheckOptions,
  (await import("./followup-tick")).followupTickOptions,
  (await import("./billing-meter")).billingMeterOptions,
  (await import("./insights-daily")).insightsDailyOptions,
  (await import("./outcome-rollups")).outcomeRollupsOptions,
  (await import("./sources-sweep")).sourcesSweepOptions,
  (await import("./data-retention")).dataRetentionOptions,
  (await import("./database-backup")).databaseBackupOptions,
];

describe("Trigger.dev tasks", () => {
  beforeEach(() => runJob.mockClear());

  it("there is one task per job, with the job's cron", () => {
    expect(tasks.map((t) => [t.id, t.cron])).toEqual(JOBS.map((j) => [`jobs.${j.id}`, j.cron]));
  });

  it.each(JOBS.map((j) => [j.id, j] as const))("%s: run calls the job's body with the scheduled time as now", async (id, job) => {
    const task = tasks.find((t) => t.id === `jobs.${id}`)!;
    const timestamp = new Date("2026-11-24T09:00:00Z");
    await expect(task.run({ timestamp })).resolves.toEqual({ ok: true });
    expect(runJob).toHaveBeenCalledTimes(1);
    expect(runJob).toHaveBeenCalledWith(job, timestamp);
  });

  it("the task modules load without a Trigger.dev key and register real tasks", async () => {
    expect(process.env.TRIGGER_SECRET_KEY).toBeUndefined();
    const { campaignTickTask } = await import("./campaign-tick");
    expect(campaignTickTask.id).toBe("jobs.campaign-tick");
  });
});
