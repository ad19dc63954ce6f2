// The auto-post queue's intake (docs/research-tools.md "Auto-post"): a row for every approved federated draft of an
// autoPost campaign whose send time has come (SPEC 1.5; `scheduled_send_after` null or past) and that has none yet;
// a failed row starts over when the draft has been approved again since (a new approval event). One statement, safe
// on several workers at once (the unique draft id takes the race). It reads across organizations on purpose: a job
// serves every one (`orgIds` narrows it for tests and for `outreach federated:post`).
import { db } from "@/lib/db/client";

export async function unsafeEnqueueAutoPosts({ now, orgIds, draftIds }: { now: Date; orgIds?: number[]; draftIds?: number[] }): Promise<number> {
  const orgFilter = orgIds ?? null;
  const draftFilter = draftIds ?? null;
  // Driven from the (few) autoPost campaigns, so each tick reads drafts by (organization, campaign, state) only.
  return db.$executeRaw`
    INSERT INTO auto_posts (organization_id, draft_id, approval_event_id, idempotency_key, next_attempt_at, updated_at)
    SELECT d.organization_id, d.id, ap.id, 'outreach-draft-' || d.id || '-v' || d.version, ${now}, ${now}
      FROM campaigns c
      JOIN drafts d ON d.organization_id = c.organization_id AND d.campaign_id = c.id AND d.state = 'approved'
      JOIN LATERAL (
        SELECT e.id FROM draft_events e
         WHERE e.organization_id = d.organization_id AND e.draft_id = d.id AND e.event = 'approved'
         ORDER BY e.created_at DESC, e.id DESC LIMIT 1) ap ON true
      LEFT JOIN auto_posts a ON a.draft_id = d.id
     WHERE c.auto_post AND c.platform = 'federated'
       AND d.platform = 'federated' AND d.kind IN ('dm', 'post_comment', 'post') AND d.drafting_run_id IS NULL
       AND (d.scheduled_send_after IS NULL OR d.scheduled_send_after <= ${now})
       AND (a.id IS NULL OR (a.status = 'failed' AND a.approval_event_id <> ap.id))
       AND (${orgFilter}::int[] IS NULL OR c.organization_id = ANY(${orgFilter}::int[]))
       AND (${draftFilter}::int[] IS NULL OR d.id = ANY(${draftFilter}::int[]))
    ON CONFLICT (draft_id) DO UPDATE SET
      approval_event_id = EXCLUDED.approval_event_id, status = 'pending', attempts = 0, idempotency_key = EXCLUDED.idempotency_key,
      first_attempt_at = NULL, last_attempt_at = NULL, next_attempt_at = EXCLUDED.next_attempt_at, locked_until = NULL,
      last_error = NULL, updated_at = EXCLUDED.updated_at
    WHERE auto_posts.status = 'failed'`;
}
