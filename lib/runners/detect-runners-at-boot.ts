// SPEC 2.4 "Detection": at boot each runner's CLI is probed. The server starts the probes as it boots and does not
// wait for them (a CLI that hangs for the 10 s probe timeout must not hold the server up); the answers land in the
// process cache detect-runners.ts keeps, so the first campaign form, Settings page or run reads them without probing
// again, and a request that comes before they are done waits on the same probes rather than starting its own.
import { detectRunners } from "@/lib/runners/detect-runners";
import { log } from "@/lib/log/logger";

/** Starts detection; the returned promise is for tests and settles once the probes have (never rejects). */
export function detectRunnersAtBoot(): Promise<void> {
  const started = Date.now();
  return detectRunners().then(
    (runners) => {
      log.info("agent runners detected", {
        ms: Date.now() - started,
        available: runners.filter((r) => r.available).map((r) => r.slug),
        unavailable: runners.filter((r) => !r.available).map((r) => r.slug),
      });
    },
    (err: unknown) => {
      log.error("agent runner detection failed at boot", { error: err instanceof Error ? err.message : String(err) });
    },
  );
}
