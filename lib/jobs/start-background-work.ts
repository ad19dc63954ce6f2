// What an app instance does about background work when it starts (instrumentation.ts): the boot sweep first (the
// run rescuer's rule, so runs of a server that was killed are failed as soon as their lease runs out, without
// waiting for the next tick), then the job engine this instance is configured for (lib/jobs/job-engine.ts).
import type { Runner } from "graphile-worker";
import { databaseUrl } from "@/lib/env";
import { log } from "@/lib/log/logger";
import { jobEngine } from "@/lib/jobs/job-engine";
import { recordJobEngineStarted } from "@/lib/jobs/job-engine-status";
import { nextLeaseExpiry, runRescuerJob } from "@/lib/jobs/run-rescuer";
import { runJob } from "@/lib/jobs/run-job";
import { wakeOnDue } from "@/lib/webhooks/wake-on-due";
import { wakeMeterOnDue } from "@/lib/billing/wake-meter-on-due";

export async function startBackgroundWork(): Promise<{ runner: Runner | null }> {
  await bootSweep();
  const engine = jobEngine();
  if (engine === "off") {
    log.info("background jobs are off on this instance (OUTREACH_JOBS=off)");
    recordJobEngineStarted(engine, null);
    return { runner: null };
  }
  // Webhook deliveries and meter reports go out the moment they commit, from every instance that does background work.
  await wakeOnDue();
  await wakeMeterOnDue();
  if (engine === "trigger") {
    log.info("background jobs run on Trigger.dev (TRIGGER_SECRET_KEY is set)");
    recordJobEngineStarted(engine, null);
    return { runner: null };
  }
  const { startEmbeddedWorker } = await import("@/lib/jobs/embedded-worker");
  const runner = await startEmbeddedWorker({ connectionString: databaseUrl() });
  const stop = () => void runner.stop().catch(() => undefined);
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
  recordJobEngineStarted(engine, runner);
  log.info("background jobs started (embedded worker)");
  return { runner };
}

/** Runs the rescuer now, and once more when the freshest lease it saw runs out (a restart right after a crash). */
async function bootSweep(): Promise<void> {
  const now = new Date();
  try {
    await runJob(runRescuerJob, now);
    const expiry = await nextLeaseExpiry(now);
    if (expiry) {
      // One second after: the lease must have passed when the rescuer looks.
      setTimeout(() => void runJob(runRescuerJob).catch(() => undefined), expiry.getTime() - now.getTime() + 1000).unref();
    }
  } catch (err) {
    log.error("boot sweep failed", { error: (err as Error).message });
  }
}
