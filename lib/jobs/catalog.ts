// Every background job, in the order Settings lists them (docs/jobs.md).
import type { JobDefinition } from "@/lib/jobs/job";
import { campaignTickJob } from "@/lib/jobs/campaign-tick";
import { insightsDailyJob } from "@/lib/jobs/insights-daily";
import { runRescuerJob } from "@/lib/jobs/run-rescuer";
import { webhookDeliverJob } from "@/lib/jobs/webhook-deliver";
import { billingMeterJob } from "@/lib/jobs/billing-meter";
import { autoPostJob } from "@/lib/jobs/auto-post";
import { removalCheckJob } from "@/lib/jobs/removal-check";
import { followupTickJob } from "@/lib/jobs/followup-tick";
import { outcomeRollupsJob } from "@/lib/jobs/outcome-rollups";
import { sourcesSweepJob } from "@/lib/jobs/sources-sweep";
import { dataRetentionJob } from "@/lib/jobs/data-retention";
import { databaseBackupJob } from "@/lib/jobs/database-backup";

export const JOBS: JobDefinition[] = [
  campaignTickJob, runRescuerJob, webhookDeliverJob, autoPostJob, removalCheckJob, followupTickJob, billingMeterJob, insightsDailyJob, outcomeRollupsJob, sourcesSweepJob,
  dataRetentionJob, databaseBackupJob,
];
