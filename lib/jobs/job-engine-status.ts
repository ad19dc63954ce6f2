// Whether this instance's job engine is running, for the readiness route (lib/health/check-readiness.ts). Kept on
// globalThis: Next may load this module more than once in one process (instrumentation and route bundles).
import type { Runner } from "graphile-worker";
import type { JobEngine } from "@/lib/jobs/job-engine";

/** `not_started` until boot has started the engine; `stopped` once the embedded worker ended (a stop, a crash). */
export type JobEngineStatus = "ok" | "off" | "not_started" | "stopped";

interface EngineState {
  engine?: JobEngine;
  stopped: boolean;
}

const state = ((globalThis as unknown as { __outreachJobEngine?: EngineState }).__outreachJobEngine ??= { stopped: false });

/** Called by startBackgroundWork once the engine it was configured for is up (the runner for the embedded one). */
export function recordJobEngineStarted(engine: JobEngine, runner: Runner | null): void {
  state.engine = engine;
  state.stopped = false;
  // The runner's promise settles when the worker ends, whether asked to or not.
  runner?.promise.then(
    () => (state.stopped = true),
    () => (state.stopped = true),
  );
}

export function jobEngineStatus(): JobEngineStatus {
  if (!state.engine) return "not_started";
  // Trigger.dev runs the jobs elsewhere; a web-only replica runs none: neither has anything here to be down.
  if (state.engine !== "embedded") return "off";
  return state.stopped ? "stopped" : "ok";
}
