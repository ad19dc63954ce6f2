// The numbers and rules of auto-post (docs/research-tools.md "Auto-post"): who it acts as, how it retries, and which
// failures are worth a retry. Pure, so the unit test reads them without a database.
import type { DraftActor } from "@/lib/drafts/actor";
import { AppError } from "@/lib/http/errors";
import { UpstreamError } from "@/lib/platforms/upstream-error";

/** The actor of the `posted` and `sent` events auto-post writes (the Audit page and the draft.sent webhook show it). */
export const AUTO_POST_ACTOR: DraftActor = { type: "system", label: "auto-post" };

/** Rows claimed per statement, like the webhook sender (SPEC 8's batch of 10). */
export const CLAIM_BATCH = 10;
/** An attempt's lease: the status search and the post are 10 s each at most (lib/platforms), with room to record. */
export const LEASE_MS = 60_000;
/** The first attempt and five retries: 1, 2, 4, 8 and 16 minutes apart, 31 minutes in all. */
export const MAX_ATTEMPTS = 6;
/**
 * Mastodon keeps an Idempotency-Key for an hour after the status it made. No attempt with a row's key is made later
 * than this after its first, so a retry of a post whose answer was lost is always answered with the same status.
 */
export const KEY_WINDOW_MS = 50 * 60_000;

/** The wait after the n-th failed attempt (n from 1): 60 s, doubling, at most 16 minutes. */
export function retryDelayMs(attempts: number): number {
  return Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 16 * 60_000);
}

/**
 * A failure another attempt may cure: the instance was unreachable or slow (no answer), or answered 408, 425, 429 or
 * 5xx. Everything else (the platform refused the post with a 4xx, a refused address, a check that failed: blocklist,
 * approval, autoPost off, no token) stays refused however often it is tried. An error that is not the app's own (a
 * database hiccup) is retried too.
 */
export function isTransient(err: unknown): boolean {
  if (err instanceof UpstreamError) {
    const s = err.upstreamStatus;
    return s === null || s === 408 || s === 425 || s === 429 || s >= 500;
  }
  return !(err instanceof AppError);
}

/**
 * The words a failure is kept and shown with: the app's own errors say what happened (the platform's one-line answer,
 * the check that refused); anything else stays in the server log, and the draft says only that it happened.
 */
export function failureText(err: unknown): string {
  if (err instanceof AppError) return err.message;
  return "An unexpected error stopped this attempt on the dashboard's side (it is in the server log)";
}
