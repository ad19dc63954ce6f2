// Trigger.dev task: drafts the follow-ups that are due, every minute. The body is lib/jobs/followup-tick.ts, shared
// with the embedded worker.
import { schedules } from "@trigger.dev/sdk";
import { followupTickJob } from "@/lib/jobs/followup-tick";
import { scheduledJob } from "./scheduled-job";

export const followupTickOptions = scheduledJob(followupTickJob);
export const followupTickTask = schedules.task(followupTickOptions);
