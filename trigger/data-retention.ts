// Trigger.dev task: applies each organization's data retention, nightly. The body is lib/jobs/data-retention.ts,
// shared with the embedded worker.
import { schedules } from "@trigger.dev/sdk";
import { dataRetentionJob } from "@/lib/jobs/data-retention";
import { scheduledJob } from "./scheduled-job";

export const dataRetentionOptions = scheduledJob(dataRetentionJob);
export const dataRetentionTask = schedules.task(dataRetentionOptions);
