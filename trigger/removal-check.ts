// Trigger.dev task: checks sent posts and comments 1 h and 24 h after sending, every minute. The body is
// lib/jobs/removal-check.ts, shared with the embedded worker.
import { schedules } from "@trigger.dev/sdk";
import { removalCheckJob } from "@/lib/jobs/removal-check";
import { scheduledJob } from "./scheduled-job";

export const removalCheckOptions = scheduledJob(removalCheckJob);
export const removalCheckTask = schedules.task(removalCheckOptions);
