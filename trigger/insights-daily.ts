// Trigger.dev task: Starts the project briefs that are due, every hour. The body is lib/jobs/insights-daily.ts, shared with the embedded worker.
import { schedules } from "@trigger.dev/sdk";
import { insightsDailyJob } from "@/lib/jobs/insights-daily";
import { scheduledJob } from "./scheduled-job";

export const insightsDailyOptions = scheduledJob(insightsDailyJob);
export const insightsDailyTask = schedules.task(insightsDailyOptions);
