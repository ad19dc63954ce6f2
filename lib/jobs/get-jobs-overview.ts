// Settings > Background jobs: which engine runs the jobs on this instance, each job's last execution, outcome and
// next slot, and the embedded queue's counts. Jobs serve every organization, so only their timing and outcome are
// shown, never what a tick found in other organizations' rows (the JobState detail stays out of pages).
import { db } from "@/lib/db/client";
import { nextSlotAfter } from "@/lib/campaigns/campaign-schedule";
import { describeSchedule } from "@/lib/campaigns/describe-schedule";
import { JOBS } from "@/lib/jobs/catalog";
import { jobEngine, type JobEngine } from "@/lib/jobs/job-engine";

export interface JobOverview {
  id: string;
  description: string;
  schedule: string;
  lastStartedAt: Date | null;
  lastFinishedAt: Date | null;
  lastOutcome: "ok" | "failed" | null;
  lastError: string | null;
  runs: number;
  failures: number;
  nextRunAt: Date | null;
}

export interface JobsOverview {
  engine: JobEngine;
  jobs: JobOverview[];
  /** The embedded queue: jobs waiting to run, and jobs that used up their retries. Null where it does not exist here. */
  queue: { queued: number; failed: number } | null;
}

export async function getJobsOverview({ now = new Date() }: { now?: Date } = {}): Promise<JobsOverview> {
  const states = new Map((await db.jobState.findMany()).map((s) => [s.job, s]));
  const jobs = JOBS.map((job): JobOverview => {
    const s = states.get(job.id);
    return {
      id: job.id,
      description: job.description,
      schedule: describeSchedule(job.cron),
      lastStartedAt: s?.lastStartedAt ?? null,
      lastFinishedAt: s?.lastFinishedAt ?? null,
      lastOutcome: (s?.lastOutcome as JobOverview["lastOutcome"]) ?? null,
      lastError: s?.lastError ?? null,
      runs: s?.runs ?? 0,
      failures: s?.failures ?? 0,
      nextRunAt: nextSlotAfter(job.cron, now),
    };
  });
  return { engine: jobEngine(), jobs, queue: await embeddedQueueCounts() };
}

async function embeddedQueueCounts(): Promise<JobsOverview["queue"]> {
  try {
    const rows = await db.$queryRaw<Array<{ queued: number; failed: number }>>`
      SELECT count(*) FILTER (WHERE attempts < max_attempts)::int AS queued,
             count(*) FILTER (WHERE attempts >= max_attempts)::int AS failed
        FROM graphile_worker.jobs`;
    return rows[0] ?? { queued: 0, failed: 0 };
  } catch {
    // No embedded queue in this database (jobs on Trigger.dev, or no instance has started the worker yet).
    return null;
  }
}
