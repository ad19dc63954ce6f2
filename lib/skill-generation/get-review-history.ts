// What the campaign's reviewers did with its drafts lately (`skill_review_history`, docs/tuning.md "Learning from
// reviews"): rejections with their reasons, edits as before/after word diffs, approvals taken as written, and the
// sent drafts that got a reply with the reply. Always the run's own campaign: the tool takes no campaign id.
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/http/errors";
import { wordDiff } from "@/lib/skill-generation/word-diff";

export const DEFAULT_HISTORY_WEEKS = 8;
export const DEFAULT_HISTORY_LIMIT = 20;
/** Long posts are cut: the profile is about habits, and the agent's context is not free. */
const MAX_TEXT = 1000;

const cut = (s: string | null) => (s === null ? null : s.length > MAX_TEXT ? `${s.slice(0, MAX_TEXT)}…` : s);

export async function getReviewHistory({ orgId, campaignId, weeks = DEFAULT_HISTORY_WEEKS, limit = DEFAULT_HISTORY_LIMIT, now = new Date() }: {
  orgId: number; campaignId: number | null; weeks?: number; limit?: number; now?: Date;
}) {
  const campaign = campaignId ? await db.campaign.findFirst({ where: { id: campaignId, organizationId: orgId }, select: { id: true, name: true } }) : null;
  if (!campaign) throw notFound("Campaign");
  const since = new Date(now.getTime() - weeks * 7 * 86_400_000);
  const inWindow = { organizationId: orgId, campaignId: campaign.id, createdAt: { gte: since } };

  const [counts] = await db.$queryRaw<{ drafted: number; approved: number; rejected: number; edited: number; replied: number }[]>`
    SELECT count(*)::int AS drafted,
           (count(*) FILTER (WHERE state IN ('approved', 'armed', 'sent', 'replied')))::int AS approved,
           (count(*) FILTER (WHERE state = 'rejected'))::int AS rejected,
           (count(*) FILTER (WHERE state IN ('approved', 'armed', 'sent', 'replied') AND body_edited))::int AS edited,
           (count(*) FILTER (WHERE state = 'replied'))::int AS replied
      FROM drafts WHERE organization_id = ${orgId} AND campaign_id = ${campaign.id} AND created_at >= ${since}`;

  const rejections = await db.$queryRaw<{ draftId: number; reason: string | null; by: string | null; qualityScore: number | null; body: string; at: Date }[]>`
    SELECT d.id AS "draftId", e.details->>'reason' AS reason, e.actor_label AS by, d.quality_score AS "qualityScore", d.body, e.created_at AS at
      FROM drafts d
      JOIN LATERAL (SELECT details, actor_label, created_at FROM draft_events
                     WHERE organization_id = d.organization_id AND draft_id = d.id AND event = 'rejected'
                     ORDER BY id DESC LIMIT 1) e ON true
     WHERE d.organization_id = ${orgId} AND d.campaign_id = ${campaign.id} AND d.created_at >= ${since} AND d.state = 'rejected'
       AND e.details->>'reason' IS DISTINCT FROM 'variant_lost'
     ORDER BY e.created_at DESC LIMIT ${limit}`;

  // The agent's text is the body just before the first person's edit after the agent last wrote it.
  const edits = await db.$queryRaw<{ draftId: number; state: string; before: string | null; after: string; at: Date }[]>`
    SELECT d.id AS "draftId", d.state::text AS state, d.body AS after, d.updated_at AS at,
           (SELECT e.details->>'previousBody' FROM draft_events e
             WHERE e.organization_id = d.organization_id AND e.draft_id = d.id AND e.event = 'body_edited'
               AND e.id > coalesce((SELECT max(w.id) FROM draft_events w
                                     WHERE w.organization_id = d.organization_id AND w.draft_id = d.id
                                       AND w.event IN ('regeneration_finished', 'regeneration_undone', 'revised')
                                       AND (w.event <> 'revised' OR w.details->>'previousBody' IS NOT NULL)), 0)
             ORDER BY e.id LIMIT 1) AS before
      FROM drafts d
     WHERE d.organization_id = ${orgId} AND d.campaign_id = ${campaign.id} AND d.created_at >= ${since}
       AND d.body_edited AND d.state IN ('approved', 'armed', 'sent', 'replied')
     ORDER BY d.updated_at DESC LIMIT ${limit}`;

  const approvals = await db.draft.findMany({
    where: { ...inWindow, bodyEdited: false, state: { in: ["approved", "armed", "sent", "replied"] } },
    orderBy: { updatedAt: "desc" },
    take: limit,
    select: { id: true, qualityScore: true, body: true, state: true },
  });

  const replies = await db.$queryRaw<{ draftId: number; sent: string; reply: string | null; repliedAt: Date | null }[]>`
    SELECT d.id AS "draftId", d.body AS sent, d.replied_at AS "repliedAt",
           (SELECT m.body FROM conversation_threads t JOIN conversation_messages m ON m.thread_id = t.id AND m.organization_id = t.organization_id
             WHERE t.organization_id = d.organization_id AND t.parent_draft_id = d.id AND m.direction = 'inbound'
             ORDER BY m.sent_at LIMIT 1) AS reply
      FROM drafts d
     WHERE d.organization_id = ${orgId} AND d.campaign_id = ${campaign.id} AND d.created_at >= ${since} AND d.state = 'replied'
     ORDER BY d.replied_at DESC NULLS LAST LIMIT ${limit}`;

  return {
    campaign,
    since: since.toISOString(),
    counts,
    rejections: rejections.map((r) => ({ draftId: r.draftId, reason: r.reason, by: r.by, qualityScore: r.qualityScore, body: cut(r.body), at: r.at.toISOString() })),
    edits: edits
      .filter((e) => e.before !== null && e.before !== e.after)
      .map((e) => ({ draftId: e.draftId, state: e.state, before: cut(e.before), after: cut(e.after), diff: cut(wordDiff(e.before!, e.after)), at: e.at.toISOString() })),
    approvals: approvals.map((a) => ({ draftId: a.id, state: a.state, qualityScore: a.qualityScore, body: cut(a.body) })),
    replies: replies.map((r) => ({ draftId: r.draftId, sent: cut(r.sent), reply: cut(r.reply), repliedAt: r.repliedAt?.toISOString() ?? null })),
  };
}
