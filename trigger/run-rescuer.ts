// Trigger.dev task: Fails runs whose server stopped, every minute. The body is lib/jobs/run-rescuer.ts, shared with the embedded worker.
import { schedules } from "@trigger.dev/sdk";
import { runRescuerJob } from "@/lib/jobs/run-rescuer";
import { scheduledJob } from "./scheduled-job";

export const runRescuerOptions = scheduledJob(runRescuerJob);
export const runRescuerTask = schedules.task(runRescuerOptions);
