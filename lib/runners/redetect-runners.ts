// The Re-detect button (POST /api/runners): probes every runner again. Probing starts processes on this host (each
// local CLI's `--version`) and opens a socket to the relay, so it is for admins and runs at most once per
// OUTREACH_REDETECT_INTERVAL_MS on each instance, whoever asks: a second request within that answers 429 with the seconds
// to wait (docs/runners.md).
import { readEnv } from "@/lib/env";
import { rateLimited } from "@/lib/http/errors";
import { detectRunners, type RunnerStatus } from "@/lib/runners/detect-runners";

/**
 * 30 s by default (OUTREACH_REDETECT_INTERVAL_MS): long enough that a loop of requests cannot keep the host busy, short
 * enough after installing a CLI. The browser tests set 0, since their specs each set the detection state they need.
 */
export function redetectIntervalMs(): number {
  return readEnv().OUTREACH_REDETECT_INTERVAL_MS;
}

// On globalThis like the detection cache: route handlers and pages may be bundled apart yet share one process.
const state = globalThis as unknown as { __outreachRedetectAt?: number };

export function redetectRunners({ now = Date.now() }: { now?: number } = {}): Promise<RunnerStatus[]> {
  const last = state.__outreachRedetectAt;
  const interval = redetectIntervalMs();
  if (last !== undefined && now - last < interval && now >= last) {
    throw rateLimited("Runners were detected again moments ago; try again shortly.", (last + interval - now) / 1000);
  }
  state.__outreachRedetectAt = now;
  return detectRunners({ refresh: true });
}
