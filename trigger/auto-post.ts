// Trigger.dev task: posts approved federated drafts of autoPost campaigns, every minute (Trigger.dev schedules go down
// to a minute). The body is lib/jobs/auto-post.ts, shared with the embedded worker.
import { schedules } from "@trigger.dev/sdk";
import { autoPostJob } from "@/lib/jobs/auto-post";
import { scheduledJob } from "./scheduled-job";

export const autoPostOptions = scheduledJob(autoPostJob);
export const autoPostTask = schedules.task(autoPostOptions);
