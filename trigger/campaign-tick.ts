// Trigger.dev task: Starts due campaign runs every minute. The body is lib/jobs/campaign-tick.ts, shared with the embedded worker.
import { schedules } from "@trigger.dev/sdk";
import { campaignTickJob } from "@/lib/jobs/campaign-tick";
import { scheduledJob } from "./scheduled-job";

export const campaignTickOptions = scheduledJob(campaignTickJob);
export const campaignTickTask = schedules.task(campaignTickOptions);
