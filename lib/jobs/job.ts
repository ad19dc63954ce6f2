// What a background job is: a plain function of one tick, with no job engine in it. The embedded worker
// (graphile-worker) and the Trigger.dev tasks in trigger/ both call these same functions (docs/jobs.md).
import type { Logger } from "@/lib/log/logger";

export interface JobContext {
  /** The time the tick acts at; tests pass a fake clock. */
  now: Date;
  log: Logger;
  /**
   * Only these organizations. The engines never pass it (a job serves every organization); tests do, so a tick never
   * touches rows another test file is working with.
   */
  orgIds?: number[];
}

export interface JobDefinition<Result = unknown> {
  /** Stable id: the embedded worker's task name, the Trigger.dev task id's suffix and the JobState row's key. */
  id: string;
  /** Five-field cron (UTC) the job runs on. */
  cron: string;
  /**
   * Finer than a minute: the embedded engine runs the job every this many seconds (a self-rescheduling job with one
   * key, so the cluster has one tick); cron engines, Trigger.dev included, keep `cron`.
   */
  everySeconds?: number;
  /** One line for Settings > Background jobs. */
  description: string;
  run(ctx: JobContext): Promise<Result>;
}
