// Every background job, in the order Settings lists them. The webhook sender joins here (docs/jobs.md).
import type { JobDefinition } from "@/lib/jobs/job";
import { campaignTickJob } from "@/lib/jobs/campaign-tick";
import { insightsDailyJob } from "@/lib/jobs/insights-daily";
import { runRescuerJob } from "@/lib/jobs/run-rescuer";

export const JOBS: JobDefinition[] = [campaignTickJob, runRescuerJob, insightsDailyJob];
