// When sent posts and comments are looked at again, and what counts as a removal (docs/removal-checks.md).
import type { DraftKind, DraftVisibility } from "@/lib/generated/prisma/enums";

/**
 * The scheduled checks, after the send: an hour catches a moderator's or a filter's quick removal while the thread is
 * still live; a day catches the slower queue reviews. Later removals are rare enough that a manual check covers them.
 */
export const CHECK_OFFSETS_MS = [60 * 60 * 1000, 24 * 60 * 60 * 1000] as const;

/** What people read in public: a DM is nobody else's to see, so it is never checked. */
export const PUBLIC_KINDS: readonly DraftKind[] = ["post", "post_comment", "reply_comment", "followup_comment"];

/** A post is gone without its author having deleted it: these count against the account's health and notify. */
export const LOST_STATES: readonly DraftVisibility[] = ["removed", "not_visible"];

/** How long a claimed check may take before another worker may claim it (the platform call is bounded at 10 s). */
export const CHECK_LEASE_MS = 5 * 60 * 1000;
/** A check the platform did not answer is tried again this much later... */
export const RETRY_AFTER_MS = 15 * 60 * 1000;
/** ...until this long after it was due; then that check is skipped (the next one, or a manual one, will say). */
export const GIVE_UP_AFTER_MS = 6 * 60 * 60 * 1000;
/** Checks claimed per tick; a tick with more due takes the rest at the next minute. */
export const CLAIM_BATCH = 25;

/** "Check now": once a minute per draft, and at most this many per organization per minute (the platforms' limits). */
export const MANUAL_CHECK_GAP_MS = 60 * 1000;
export const MANUAL_CHECKS_PER_ORG_PER_MINUTE = 20;

/** The window of account health on the project's Accounts. */
export const HEALTH_WINDOW_DAYS = 30;

export const isPublicKind = (kind: DraftKind) => PUBLIC_KINDS.includes(kind);

/**
 * The next scheduled check from `from` on: the first offset after the send that is still ahead, as
 * `{ dueAt, checksDone }` (the checks before it count as done), or null when both have passed.
 */
export function nextScheduledCheck(sentAt: Date, checksDone: number, from?: Date): { dueAt: Date; checksDone: number } | null {
  for (let i = checksDone; i < CHECK_OFFSETS_MS.length; i++) {
    const dueAt = new Date(sentAt.getTime() + CHECK_OFFSETS_MS[i]!);
    if (!from || dueAt > from) return { dueAt, checksDone: i };
  }
  return null;
}
