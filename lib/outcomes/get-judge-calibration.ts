// How well the agent's quality score predicts reviewers' decisions on one campaign (docs/tuning.md "The judge").
// Read from the campaign's drafts directly: a campaign's decided drafts of the last weeks are a small set, found
// through the (organization, campaign, created_at) range of the drafts' indexes.
import { db } from "@/lib/db/client";
import { foundOrThrow } from "@/lib/http/errors";
import { weekOf } from "@/lib/outcomes/get-outcomes";
import { DEFAULT_JUDGE_WEEKS, type JudgeCalibration, type JudgeQuery, type JudgeWeek } from "@/lib/outcomes/judge-schemas";
import { scoreBands, suggestThreshold, THRESHOLD_STEP, thresholdOutcome, type ScoredDecision } from "@/lib/outcomes/suggest-threshold";

const DAY_MS = 86_400_000;

export async function getJudgeCalibration({ orgId, campaignId, query, now = new Date() }: { orgId: number; campaignId: number; query: JudgeQuery; now?: Date }): Promise<JudgeCalibration> {
  const campaign = foundOrThrow(
    "Campaign", campaignId,
    await db.campaign.findFirst({ where: { id: campaignId, organizationId: orgId }, select: { id: true, inboxMinQuality: true } }),
  );
  const weeks = query.weeks ?? DEFAULT_JUDGE_WEEKS;
  const since = new Date(now.getTime() - weeks * 7 * DAY_MS);

  // Approved means a reviewer let it through (approved, then maybe armed, sent, replied). A variant that lost to its
  // sibling is left out: that was a choice between two drafts, not a verdict on this one.
  const rows = await db.$queryRaw<{ score: number | null; approved: boolean; createdAt: Date }[]>`
    SELECT d.quality_score AS score, d.state <> 'rejected' AS approved, d.created_at AS "createdAt"
      FROM drafts d
     WHERE d.organization_id = ${orgId} AND d.campaign_id = ${campaignId} AND d.created_at >= ${since} AND d.created_at <= ${now}
       AND d.state IN ('approved', 'armed', 'sent', 'replied', 'rejected')
       AND (d.state <> 'rejected' OR (
             SELECT e.details->>'reason' FROM draft_events e
              WHERE e.organization_id = d.organization_id AND e.draft_id = d.id AND e.event = 'rejected'
              ORDER BY e.id DESC LIMIT 1) IS DISTINCT FROM 'variant_lost')`;

  const scored = rows.filter((r) => r.score !== null) as { score: number; approved: boolean; createdAt: Date }[];
  const decisions: ScoredDecision[] = scored.map((r) => ({ score: r.score, approved: r.approved }));
  const { threshold, reason } = suggestThreshold(decisions);

  const thresholds = [];
  for (let t = 0; t <= 100; t += THRESHOLD_STEP) thresholds.push(thresholdOutcome(decisions, t));

  let suggestion: JudgeCalibration["suggestion"] = null;
  if (threshold !== null) {
    const byWeek = new Map<string, JudgeWeek>();
    for (let t = Date.parse(`${weekOf(since.toISOString().slice(0, 10))}T00:00:00Z`); t <= now.getTime(); t += 7 * DAY_MS) {
      const week = new Date(t).toISOString().slice(0, 10);
      byWeek.set(week, { week, kept: { approved: 0, rejected: 0 }, hidden: { approved: 0, rejected: 0 } });
    }
    for (const r of scored) {
      const w = byWeek.get(weekOf(r.createdAt.toISOString().slice(0, 10)));
      if (!w) continue;
      const side = r.score >= threshold ? w.kept : w.hidden;
      if (r.approved) side.approved++;
      else side.rejected++;
    }
    suggestion = { threshold, outcome: thresholdOutcome(decisions, threshold), byWeek: [...byWeek.values()] };
  }

  return {
    campaignId: campaign.id,
    weeks,
    since: since.toISOString(),
    decided: decisions.length,
    unscored: rows.length - scored.length,
    bands: scoreBands(decisions),
    current: { minQuality: campaign.inboxMinQuality, outcome: thresholdOutcome(decisions, campaign.inboxMinQuality ?? 0) },
    suggestion,
    suggestionReason: reason,
    thresholds,
  };
}
