// The first half of the follow-up tick (docs/sequences.md): sent messages of active campaigns with follow-up steps get
// the time their next step is due, from their send time and that step's days (or the return date an out-of-office
// reply gave, when later). A message past the campaign's last step, or whose step would already be more than
// LATE_DAYS overdue (follow-ups switched on long after it was sent), ends its wait here. A job-only read across
// organizations: it walks only the unarmed messages of campaigns with steps, through a partial index.
import { db } from "@/lib/db/client";
import { followupStepsOf } from "@/lib/followups/followup-steps";

/** A step this many days overdue when first armed is not drafted: switching follow-ups on does not chase old messages. */
export const LATE_DAYS = 7;

export interface ArmResult {
  armed: number;
  ended: number;
}

export async function unsafeArmFollowups({ now, orgIds }: { now: Date; orgIds?: number[] }): Promise<ArmResult> {
  const orgFilter = orgIds ?? null;
  // The steps are read here, through the same parser as everywhere, so a config saved before the steps were checked
  // cannot break the tick: it counts as no follow-ups.
  const campaigns = await db.$queryRaw<Array<{ id: number; organization_id: number; config: unknown }>>`
    SELECT id, organization_id, config FROM campaigns
     WHERE state = 'active' AND config->'followups' IS NOT NULL
       AND (${orgFilter}::int[] IS NULL OR organization_id = ANY(${orgFilter}::int[]))`;
  const plans = campaigns
    .map((c) => ({ c: c.id, o: c.organization_id, d: followupStepsOf(c.config).map((step) => step.afterDays) }))
    .filter((p) => p.d.length > 0);
  if (plans.length === 0) return { armed: 0, ended: 0 };
  const late = new Date(now.getTime() - LATE_DAYS * 86_400_000);
  // The WHERE on drafts repeats the predicate of drafts_followup_unarmed_idx so the planner can use it, and names the
  // campaigns as an index condition: messages of campaigns without steps stay in that index for good, and the join
  // alone let the planner read all of them every minute (bench/followups). `d` holds each step's days: the message of
  // step k (0: the first one) waits d[k + 1] days.
  const rows = await db.$queryRaw<Array<{ closed: boolean }>>`
    WITH steps AS (SELECT * FROM jsonb_to_recordset(${JSON.stringify(plans)}::jsonb) AS s(c int, o int, d int[])),
    due AS (
      SELECT d.id, cardinality(s.d) AS n, COALESCE(d.followup_step, 0) AS step,
             GREATEST(d.sent_at + make_interval(days => s.d[COALESCE(d.followup_step, 0) + 1]),
                      COALESCE(d.followup_not_before, '-infinity'::timestamptz)) AS at
        FROM drafts d JOIN steps s ON s.c = d.campaign_id AND s.o = d.organization_id
       WHERE d.campaign_id = ANY(${plans.map((p) => p.c)}::int[])
         AND d.followup_due_at IS NULL AND d.followup_closed_at IS NULL AND d.campaign_id IS NOT NULL
         AND d.state IN ('sent', 'replied') AND d.kind NOT IN ('post', 'reply_dm', 'reply_comment')
         AND d.sent_at IS NOT NULL
       FOR UPDATE OF d SKIP LOCKED)
    UPDATE drafts d SET
      followup_due_at = CASE WHEN due.step < due.n AND due.at >= ${late} THEN due.at END,
      followup_closed_at = CASE WHEN due.step >= due.n OR due.at < ${late} THEN ${now}::timestamptz END,
      followup_stop_reason = CASE WHEN due.step >= due.n THEN 'last_step' WHEN due.at < ${late} THEN 'too_late' END
      FROM due WHERE d.id = due.id
    RETURNING d.followup_closed_at IS NOT NULL AS closed`;
  const ended = rows.filter((r) => r.closed).length;
  return { armed: rows.length - ended, ended };
}

/**
 * A campaign's steps changed: its waiting messages are armed again from the new steps at the next tick. Runs in the
 * caller's transaction, with the campaign's update.
 */
export async function rearmCampaignFollowups(tx: Pick<typeof db, "$executeRaw">, { orgId, campaignId }: { orgId: number; campaignId: number }): Promise<void> {
  await tx.$executeRaw`
    UPDATE drafts SET followup_due_at = NULL
     WHERE organization_id = ${orgId} AND campaign_id = ${campaignId}
       AND followup_due_at IS NOT NULL AND followup_closed_at IS NULL`;
}

/** The campaign was paused: the follow-ups it had not drafted yet stop for good (docs/sequences.md). */
export async function endCampaignFollowups(
  tx: Pick<typeof db, "$executeRaw">,
  { orgId, campaignId, now, reason }: { orgId: number; campaignId: number; now: Date; reason: string },
): Promise<void> {
  await tx.$executeRaw`
    UPDATE drafts SET followup_closed_at = ${now}, followup_stop_reason = ${reason}, followup_due_at = NULL
     WHERE organization_id = ${orgId} AND campaign_id = ${campaignId} AND followup_closed_at IS NULL
       AND state IN ('sent', 'replied') AND kind NOT IN ('post', 'reply_dm', 'reply_comment')`;
}
