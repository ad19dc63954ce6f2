// One attempt of a claimed auto-post row: the post through the same function and checks as federated_post (the
// campaign, the kind, autoPost, the approval and readiness, a person's approval, the blocklist again, the account's
// token, the guarded client), with the row's Idempotency-Key; then its outcome, written in a second short transaction
// only while our lease on the row still holds:
// - posted: the draft is sent (the shared send path: contact history, the `posted` and `sent` events, draft.sent);
// - a failure another attempt may cure: pending again after the backoff, the error kept for the inbox;
// - anything else, or the last attempt: failed with the reason, an `auto_post_failed` draft event, for good (until the
//   draft is approved again, or `outreach federated:post` is run).
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/http/errors";
import { log } from "@/lib/log/logger";
import { publish } from "@/lib/events/bus";
import { recordDraftEvent } from "@/lib/drafts/record-draft-event";
import { postFederatedDraft } from "@/lib/research/post-federated-draft";
import { AUTO_POST_ACTOR, failureText, isTransient, KEY_WINDOW_MS, retryDelayMs } from "@/lib/auto-post/auto-post-policy";
import type { ClaimedAutoPost } from "@/lib/auto-post/claim-auto-posts";

export type AttemptOutcome =
  | { outcome: "posted"; statusId: string; url: string | null }
  | { outcome: "retrying"; error: string; nextAttemptAt: Date }
  | { outcome: "failed"; error: string }
  /** The account's sending limits held the draft: nothing was posted, and the row waits for the send-after time. */
  | { outcome: "held"; error: string; nextAttemptAt: Date }
  /** The lease had run out and another worker owns the row now: nothing was recorded. */
  | { outcome: "lost" };

export async function attemptAutoPost(row: ClaimedAutoPost, now: () => Date): Promise<AttemptOutcome> {
  if (row.reclaimed && now().getTime() - row.firstAttemptAt.getTime() > KEY_WINDOW_MS) {
    // An attempt whose answer was lost, and the instance no longer keeps its key: a new post could be a second one.
    return record(row, {
      outcome: "failed",
      error: `The platform's answer to the post started ${row.firstAttemptAt.toISOString()} was lost, and the hour in which a retry is safe has passed, so it was not posted again. Check the account's posts: mark the draft sent if it is there, or approve it again to post it.`,
    }, now);
  }
  const draft = await db.draft.findFirst({ where: { id: row.draftId, organizationId: row.orgId }, select: { campaignId: true } });
  try {
    const result = await postFederatedDraft({
      orgId: row.orgId, campaignId: draft?.campaignId ?? null, draftId: row.draftId, actor: AUTO_POST_ACTOR, idempotencyKey: row.idempotencyKey, now: now(),
    });
    return record(row, { outcome: "posted", statusId: result.posted.id, url: result.posted.url }, now);
  } catch (err) {
    if (!(err instanceof AppError)) log.error("auto-post attempt failed unexpectedly", { autoPostId: row.id, draftId: row.draftId, error: err instanceof Error ? err.message : String(err) });
    const error = failureText(err);
    const at = now();
    if (err instanceof AppError && err.code === "held" && typeof err.details.sendAfter === "string") {
      return record(row, { outcome: "held", error, nextAttemptAt: new Date(err.details.sendAfter) }, now);
    }
    const next = new Date(at.getTime() + retryDelayMs(row.attempts));
    const inWindow = next.getTime() - row.firstAttemptAt.getTime() <= KEY_WINDOW_MS;
    if (isTransient(err) && row.attempts < row.maxAttempts && inWindow) return record(row, { outcome: "retrying", error, nextAttemptAt: next }, now);
    const gaveUp = isTransient(err) ? `Gave up after ${row.attempts} ${row.attempts === 1 ? "attempt" : "attempts"}: ` : "";
    return record(row, { outcome: "failed", error: `${gaveUp}${error}` }, now);
  }
}

async function record(row: ClaimedAutoPost, o: Exclude<AttemptOutcome, { outcome: "lost" }>, now: () => Date): Promise<AttemptOutcome> {
  const at = now();
  const landed = await db.$transaction(async (tx) => {
    const { count } = await tx.autoPost.updateMany({
      where: { id: row.id, organizationId: row.orgId, status: "posting", lockedUntil: row.lease },
      data:
        o.outcome === "posted"
          ? { status: "posted", statusId: o.statusId, statusUrl: o.url, lastError: null, lockedUntil: null, updatedAt: at }
          : o.outcome === "retrying"
            ? { status: "pending", lastError: o.error, nextAttemptAt: o.nextAttemptAt, lockedUntil: null, updatedAt: at }
            : o.outcome === "held"
              // Not an attempt: nothing reached the platform, so neither the count nor the key's window moves.
              ? { status: "pending", lastError: o.error, nextAttemptAt: o.nextAttemptAt, lockedUntil: null, updatedAt: at, attempts: { decrement: 1 }, ...(row.attempts === 1 ? { firstAttemptAt: null } : {}) }
            : { status: "failed", lastError: o.error, lockedUntil: null, updatedAt: at },
    });
    if (count === 0) return false;
    if (o.outcome === "failed") {
      await recordDraftEvent(tx, { orgId: row.orgId, draftId: row.draftId, event: "auto_post_failed", actor: AUTO_POST_ACTOR, details: { reason: o.error, attempts: row.attempts } });
    }
    // The inbox shows an auto-post that is retrying or failed; a post changes the draft itself, which announces it.
    if (o.outcome !== "posted") await publish({ o: row.orgId, t: "drafts:changed", ids: [row.draftId] }, tx);
    return true;
  });
  return landed ? o : { outcome: "lost" };
}
