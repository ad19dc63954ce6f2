// The embedded engine: graphile-worker on the app's own database, started in the Next server by instrumentation.ts.
// Its crontab enqueues each job once per slot however many instances run it (graphile-worker keeps the last slot of
// every cron item in its own schema), jobs are claimed with SKIP LOCKED, and a failed job is retried with the
// engine's exponential backoff. graphile-worker keeps its tables in the `graphile_worker` schema, which it migrates
// itself, apart from the app's migrations.
import { Logger, run, type Runner, type TaskList } from "graphile-worker";
import { log } from "@/lib/log/logger";
import { JOBS } from "@/lib/jobs/catalog";
import type { JobDefinition } from "@/lib/jobs/job";
import { runJob } from "@/lib/jobs/run-job";

// A tick that failed is tried again a few times with backoff; the next slot comes anyway.
const CRON_MAX_ATTEMPTS = 3;

export interface EmbeddedWorkerOptions {
  connectionString: string;
  jobs?: JobDefinition[];
  /** How often idle workers look for due jobs (retries, jobs scheduled for later); new jobs arrive by LISTEN at once. */
  pollIntervalMs?: number;
}

export function crontabFor(jobs: JobDefinition[]): string {
  return jobs.map((j) => `${j.cron} ${j.id} ?max=${CRON_MAX_ATTEMPTS}`).join("\n");
}

/** The key of a job's sub-minute tick: one pending job per key in the whole cluster. */
const tickKey = (job: JobDefinition) => `${job.id}:tick`;

export function taskListFor(jobs: JobDefinition[]): TaskList {
  return Object.fromEntries(
    jobs.map((job) => [
      job.id,
      async (_payload, helpers) => {
        try {
          await runJob(job);
        } finally {
          // A job finer than a minute schedules its own next tick; replacing by key keeps one pending tick.
          if (job.everySeconds) {
            await helpers.addJob(job.id, {}, { jobKey: tickKey(job), runAt: new Date(Date.now() + job.everySeconds * 1000), maxAttempts: CRON_MAX_ATTEMPTS });
          }
        }
      },
    ]),
  );
}

const workerLogger = new Logger((scope) => (level, message, meta) => {
  const fields = { engine: "graphile-worker", ...(scope.taskIdentifier ? { task: scope.taskIdentifier } : {}), ...(meta ?? {}) };
  if (level === "error") log.error(message, fields);
  else if (level === "warning") log.warn(message, fields);
  else if (level === "debug") log.debug(message, fields);
  // Its info lines (worker started, job completed) every few seconds would drown the app's own.
  else log.debug(message, fields);
});

export async function startEmbeddedWorker({ connectionString, jobs = JOBS, pollIntervalMs = 2000 }: EmbeddedWorkerOptions): Promise<Runner> {
  const runner = await run({
    connectionString,
    taskList: taskListFor(jobs),
    crontab: crontabFor(jobs),
    concurrency: 2,
    pollInterval: pollIntervalMs,
    // The Next server owns the process's signals; instrumentation.ts stops the worker on shutdown.
    noHandleSignals: true,
    logger: workerLogger,
    maxPoolSize: 4,
  });
  // Start the sub-minute ticks; an instance that starts while one is pending leaves its time alone.
  for (const job of jobs.filter((j) => j.everySeconds)) {
    await runner.addJob(job.id, {}, { jobKey: tickKey(job), jobKeyMode: "preserve_run_at", runAt: new Date(Date.now() + job.everySeconds! * 1000), maxAttempts: CRON_MAX_ATTEMPTS });
  }
  return runner;
}
