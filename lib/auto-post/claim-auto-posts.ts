// Claims auto-post rows for an attempt, across organizations (a job-only read): one short statement takes up to
// CLAIM_BATCH rows with FOR UPDATE SKIP LOCKED, so two workers never take the same row, and records the attempt on
// each before anything is sent (status posting, attempts + 1, the first attempt's time, a lease). The platform is
// called after this commits; no row lock spans it.
//
// Due rows are pending ones whose retry time has come and whose draft may still be posted now (approved, its send
// time come, not held by the account's sending limits, its campaign's autoPost on: a draft rescheduled, reopened or whose campaign stopped auto-posting waits),
// and rows left posting by a worker that died mid-call (their lease ran out): those are reconciled whatever the
// draft's state, with the same Idempotency-Key.
import { db } from "@/lib/db/client";
import { CLAIM_BATCH, LEASE_MS } from "@/lib/auto-post/auto-post-policy";

export interface ClaimedAutoPost {
  id: number;
  orgId: number;
  draftId: number;
  attempts: number;
  maxAttempts: number;
  idempotencyKey: string;
  firstAttemptAt: Date;
  /** The row was left posting by an attempt whose outcome nobody recorded. */
  reclaimed: boolean;
  /** Our lease: results are written only while the row still holds it. */
  lease: Date;
}

export interface ClaimOptions {
  now: Date;
  orgIds?: number[];
  /** One draft only, its retry time ignored (`outreach federated:post`). */
  draftId?: number;
}

export async function unsafeClaimAutoPosts({ now, orgIds, draftId }: ClaimOptions): Promise<ClaimedAutoPost[]> {
  const lease = new Date(now.getTime() + LEASE_MS);
  const orgFilter = orgIds ?? null;
  const only = draftId ?? null;
  const rows = await db.$queryRaw<Array<{
    id: number; organization_id: number; draft_id: number; attempts: number; max_attempts: number; idempotency_key: string;
    first_attempt_at: Date; previous: string; locked_until: Date;
  }>>`
    WITH picked AS (
      SELECT a.id, a.status::text AS previous
        FROM auto_posts a
        JOIN drafts d ON d.id = a.draft_id AND d.organization_id = a.organization_id
        LEFT JOIN campaigns c ON c.id = d.campaign_id AND c.organization_id = d.organization_id
       WHERE ((a.status = 'pending' AND (a.next_attempt_at <= ${now} OR ${only}::int IS NOT NULL)
               AND d.state = 'approved' AND c.auto_post AND (d.scheduled_send_after IS NULL OR d.scheduled_send_after <= ${now})
               AND (d.held_until IS NULL OR d.held_until <= ${now}))
           OR (a.status = 'posting' AND a.locked_until < ${now}))
         AND (${orgFilter}::int[] IS NULL OR a.organization_id = ANY(${orgFilter}::int[]))
         AND (${only}::int IS NULL OR a.draft_id = ${only}::int)
       ORDER BY a.next_attempt_at, a.id
       LIMIT ${CLAIM_BATCH}
       FOR UPDATE OF a SKIP LOCKED)
    UPDATE auto_posts a SET
      status = 'posting', attempts = a.attempts + 1, last_attempt_at = ${now}, first_attempt_at = COALESCE(a.first_attempt_at, ${now}),
      locked_until = ${lease}, updated_at = ${now}
      FROM picked WHERE a.id = picked.id
    RETURNING a.id, a.organization_id, a.draft_id, a.attempts, a.max_attempts, a.idempotency_key, a.first_attempt_at, picked.previous, a.locked_until`;
  return rows.map((r) => ({
    id: r.id, orgId: r.organization_id, draftId: r.draft_id, attempts: r.attempts, maxAttempts: r.max_attempts,
    idempotencyKey: r.idempotency_key, firstAttemptAt: r.first_attempt_at, reclaimed: r.previous === "posting", lease: r.locked_until,
  }));
}
