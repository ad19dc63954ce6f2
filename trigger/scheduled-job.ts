// The one shape every Trigger.dev task of this app has: a scheduled task whose run is one call into lib/jobs with the
// scheduled time as `now`. Kept as plain options (the SDK's task object does not expose its run) so tests can check
// the mapping without Trigger.dev.
import type { JobDefinition } from "@/lib/jobs/job";
import { runJob } from "@/lib/jobs/run-job";

export interface ScheduledJobOptions {
  id: string;
  cron: string;
  maxDuration: number;
  run: (payload: { timestamp: Date }) => Promise<unknown>;
}

// A tick starts runs and returns; it never waits for the agents (which run where the tick runs).
const MAX_DURATION_S = 300;

export function scheduledJob(job: JobDefinition): ScheduledJobOptions {
  return {
    id: `jobs.${job.id}`,
    cron: job.cron,
    maxDuration: MAX_DURATION_S,
    run: (payload) => runJob(job, payload.timestamp),
  };
}
