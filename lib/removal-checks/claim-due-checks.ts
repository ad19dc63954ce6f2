// Claims the removal checks that are due, across organizations (a job-only read): one statement takes up to
// CLAIM_BATCH drafts with FOR UPDATE SKIP LOCKED and moves their due time a lease ahead, so two workers never take the
// same check, and a worker that dies mid-check leaves it to be claimed again when the lease passes. The platform is
// called after this commits; no row lock spans it.
import { db } from "@/lib/db/client";
import { CHECK_LEASE_MS, CLAIM_BATCH } from "@/lib/removal-checks/removal-policy";

export interface ClaimedCheck {
  orgId: number;
  draftId: number;
  /** Which scheduled check this is (0: 1 h, 1: 24 h); the result is recorded only if it is still the next one. */
  scheduled: number;
}

export async function unsafeClaimDueChecks({ now, orgIds }: { now: Date; orgIds?: number[] }): Promise<ClaimedCheck[]> {
  const lease = new Date(now.getTime() + CHECK_LEASE_MS);
  const orgFilter = orgIds ?? null;
  const rows = await db.$queryRaw<Array<{ id: number; organization_id: number; visibility_checks_done: number }>>`
    WITH picked AS (
      SELECT id FROM drafts
       WHERE visibility_check_due_at IS NOT NULL AND visibility_check_due_at <= ${now}
         AND (${orgFilter}::int[] IS NULL OR organization_id = ANY(${orgFilter}::int[]))
       ORDER BY visibility_check_due_at, id
       LIMIT ${CLAIM_BATCH}
       FOR UPDATE SKIP LOCKED)
    UPDATE drafts d SET visibility_check_due_at = ${lease}
      FROM picked WHERE d.id = picked.id
    RETURNING d.id, d.organization_id, d.visibility_checks_done`;
  return rows.map((r) => ({ orgId: r.organization_id, draftId: r.id, scheduled: r.visibility_checks_done }));
}
