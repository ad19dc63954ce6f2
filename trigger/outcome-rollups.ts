// Trigger.dev task: recomputes the Outcomes rollups of touched days, every minute. The body is
// lib/jobs/outcome-rollups.ts, shared with the embedded worker.
import { schedules } from "@trigger.dev/sdk";
import { outcomeRollupsJob } from "@/lib/jobs/outcome-rollups";
import { scheduledJob } from "./scheduled-job";

export const outcomeRollupsOptions = scheduledJob(outcomeRollupsJob);
export const outcomeRollupsTask = schedules.task(outcomeRollupsOptions);
