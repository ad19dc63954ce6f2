// One execution of a job, whichever engine started it: the body runs, and its start, end, outcome and a short
// detail (the body's result) are kept on the job's row for Settings > Background jobs. A failure is recorded and
// thrown again, so the engine retries it with its own backoff.
import { Prisma } from "@/lib/generated/prisma/client";
import { db } from "@/lib/db/client";
import { log as rootLog } from "@/lib/log/logger";
import type { JobDefinition } from "@/lib/jobs/job";
import { inSpan } from "@/lib/tracing/in-span";

export function runJob<R>(job: JobDefinition<R>, now: Date = new Date()): Promise<R> {
  return inSpan(`job ${job.id}`, { "outreach.job": job.id }, () => runJobTraced(job, now));
}

async function runJobTraced<R>(job: JobDefinition<R>, now: Date): Promise<R> {
  const log = rootLog.child({ job: job.id });
  await db.jobState.upsert({
    where: { job: job.id },
    create: { job: job.id, lastStartedAt: now },
    update: { lastStartedAt: now },
  });
  try {
    const result = await job.run({ now, log });
    await db.jobState.update({
      where: { job: job.id },
      data: { lastFinishedAt: new Date(), lastOutcome: "ok", lastDetail: result === undefined || result === null ? Prisma.DbNull : (result as Prisma.InputJsonValue), lastError: null, runs: { increment: 1 } },
    });
    return result;
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    log.error("job failed", { error: message });
    await db.jobState
      .update({ where: { job: job.id }, data: { lastFinishedAt: new Date(), lastOutcome: "failed", lastError: message.slice(0, 2000), runs: { increment: 1 }, failures: { increment: 1 } } })
      .catch(() => undefined);
    throw err;
  }
}
