// Recomputes one UTC day of an organization's outcome rollups from scratch (docs/outcomes.md "What is counted"): the
// day's rows are deleted and written again from the drafts created that day and the runs started that day, so running
// it twice, or on two instances one after the other, gives the same rows.
import type { Tx } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { editDistance } from "@/lib/outcomes/edit-distance";
import { POSITIVE_INTENTS } from "@/lib/replies/reply-intent";

/** The runs whose cost is drafting cost: the campaign's own runs, reply and follow-up drafting, and regenerations. */
export const DRAFTING_RUN_KINDS = ["campaign", "reply_drafting", "followup_drafting", "draft_regeneration"] as const;

/** A body written by an agent: the draft's creation, a regeneration (and its undo), an agent revision of the body. */
const AGENT_WRITES = ["regeneration_finished", "regeneration_undone", "revised"];

interface Dims {
  campaignId: number;
  playbook: string;
  runner: string;
  model: string;
}

interface DayRow extends Dims {
  drafted: number;
  approved: number;
  rejected: number;
  sent: number;
  replied: number;
  positiveReplied: number;
  checked: number;
  removed: number;
  editDistances: number[];
  runs: number;
  costUsd: string;
  unpricedRuns: number;
}

const keyOf = (d: Dims) => `${d.campaignId}\u0000${d.playbook}\u0000${d.runner}\u0000${d.model}`;

/** `day` is YYYY-MM-DD (UTC). Returns how many rollup rows the day now has. */
export async function recomputeOutcomeDay(tx: Tx, { orgId, day }: { orgId: number; day: string }): Promise<number> {
  const from = new Date(`${day}T00:00:00.000Z`);
  const to = new Date(from.getTime() + 86_400_000);

  // A positive reply: some reply that answered the draft was read as interested or a question (docs/outcomes.md).
  const positive = Prisma.sql`EXISTS (SELECT 1 FROM conversation_messages m
      WHERE m.organization_id = d.organization_id AND m.answered_draft_id = d.id AND m.direction = 'inbound'
        AND m.intent = ANY(${[...POSITIVE_INTENTS]}::text[]))`;
  const counts = await tx.$queryRaw<(Dims & { drafted: number; approved: number; rejected: number; sent: number; replied: number; positiveReplied: number; checked: number; removed: number })[]>`
    SELECT coalesce(d.campaign_id, 0)::int AS "campaignId", coalesce(r.playbook_slug, '') AS playbook,
           coalesce(r.runner, '') AS runner, coalesce(r.model, '') AS model,
           count(*)::int AS drafted,
           (count(*) FILTER (WHERE d.state IN ('approved', 'armed', 'sent', 'replied')))::int AS approved,
           -- A variant that lost to its sibling is not a reviewer's verdict on the message: drafted, not rejected.
           (count(*) FILTER (WHERE d.state = 'rejected' AND (
              SELECT e.details->>'reason' FROM draft_events e
               WHERE e.organization_id = d.organization_id AND e.draft_id = d.id AND e.event = 'rejected'
               ORDER BY e.id DESC LIMIT 1) IS DISTINCT FROM 'variant_lost'))::int AS rejected,
           (count(*) FILTER (WHERE d.state IN ('sent', 'replied')))::int AS sent,
           (count(*) FILTER (WHERE d.state = 'replied'))::int AS replied,
           (count(*) FILTER (WHERE d.state = 'replied' AND ${positive}))::int AS "positiveReplied",
           (count(*) FILTER (WHERE d.state IN ('sent', 'replied') AND d.visibility IS NOT NULL))::int AS checked,
           (count(*) FILTER (WHERE d.state IN ('sent', 'replied') AND d.visibility IN ('removed', 'not_visible')))::int AS removed
    FROM drafts d
    LEFT JOIN runs r ON r.id = d.run_id AND r.organization_id = d.organization_id
    WHERE d.organization_id = ${orgId} AND d.created_at >= ${from} AND d.created_at < ${to}
    GROUP BY 1, 2, 3, 4`;

  // The agent's text of a sent draft a reviewer edited: the body just before the first person's edit after the last
  // time an agent wrote the body (creation, regeneration, revision).
  const edited = await tx.$queryRaw<(Dims & { body: string; agentBody: string | null })[]>`
    SELECT coalesce(d.campaign_id, 0)::int AS "campaignId", coalesce(r.playbook_slug, '') AS playbook,
           coalesce(r.runner, '') AS runner, coalesce(r.model, '') AS model, d.body,
           (SELECT e.details->>'previousBody' FROM draft_events e
             WHERE e.organization_id = d.organization_id AND e.draft_id = d.id AND e.event = 'body_edited'
               AND e.id > coalesce((SELECT max(w.id) FROM draft_events w
                                     WHERE w.organization_id = d.organization_id AND w.draft_id = d.id
                                       AND w.event = ANY(${AGENT_WRITES}::text[])
                                       AND (w.event <> 'revised' OR w.details->>'previousBody' IS NOT NULL)), 0)
             ORDER BY e.id LIMIT 1) AS "agentBody"
    FROM drafts d
    LEFT JOIN runs r ON r.id = d.run_id AND r.organization_id = d.organization_id
    WHERE d.organization_id = ${orgId} AND d.created_at >= ${from} AND d.created_at < ${to}
      AND d.state IN ('sent', 'replied') AND d.body_edited`;

  const costs = await tx.$queryRaw<(Dims & { runs: number; costUsd: string; unpricedRuns: number })[]>`
    SELECT coalesce(campaign_id, 0)::int AS "campaignId", coalesce(playbook_slug, '') AS playbook,
           runner, coalesce(model, '') AS model, count(*)::int AS runs,
           coalesce(sum(cost_usd), 0)::text AS "costUsd",
           (count(*) FILTER (WHERE cost_usd IS NULL AND status <> 'running'))::int AS "unpricedRuns"
    FROM runs
    WHERE organization_id = ${orgId} AND created_at >= ${from} AND created_at < ${to}
      AND kind = ANY(${[...DRAFTING_RUN_KINDS]}::text[])
    GROUP BY 1, 2, 3, 4`;

  // Sent A/B variants by label (docs/outcomes.md "Judging by evidence"): only the variant a reviewer let through is
  // sent, so each group adds one send to one label.
  const variants = await tx.$queryRaw<(Dims & { variantLabel: string; sent: number; replied: number; positiveReplied: number })[]>`
    SELECT coalesce(d.campaign_id, 0)::int AS "campaignId", coalesce(r.playbook_slug, '') AS playbook,
           coalesce(r.runner, '') AS runner, coalesce(r.model, '') AS model, d.variant_label AS "variantLabel",
           count(*)::int AS sent, (count(*) FILTER (WHERE d.state = 'replied'))::int AS replied,
           (count(*) FILTER (WHERE d.state = 'replied' AND ${positive}))::int AS "positiveReplied"
    FROM drafts d
    LEFT JOIN runs r ON r.id = d.run_id AND r.organization_id = d.organization_id
    WHERE d.organization_id = ${orgId} AND d.created_at >= ${from} AND d.created_at < ${to}
      AND d.variant_label IS NOT NULL AND d.state IN ('sent', 'replied')
    GROUP BY 1, 2, 3, 4, 5`;

  // Sent DMs and comments by follow-up step (docs/sequences.md "Outcomes"): 0 the first message, then each follow-up.
  const steps = await tx.$queryRaw<(Dims & { step: number; sent: number; replied: number; positiveReplied: number })[]>`
    SELECT coalesce(d.campaign_id, 0)::int AS "campaignId", coalesce(r.playbook_slug, '') AS playbook,
           coalesce(r.runner, '') AS runner, coalesce(r.model, '') AS model, coalesce(d.followup_step, 0)::int AS step,
           count(*)::int AS sent, (count(*) FILTER (WHERE d.state = 'replied'))::int AS replied,
           (count(*) FILTER (WHERE d.state = 'replied' AND ${positive}))::int AS "positiveReplied"
    FROM drafts d
    LEFT JOIN runs r ON r.id = d.run_id AND r.organization_id = d.organization_id
    WHERE d.organization_id = ${orgId} AND d.created_at >= ${from} AND d.created_at < ${to}
      AND d.state IN ('sent', 'replied') AND d.kind NOT IN ('post', 'reply_dm', 'reply_comment')
    GROUP BY 1, 2, 3, 4, 5`;

  const rows = new Map<string, DayRow>();
  const rowFor = (d: Dims) => {
    const key = keyOf(d);
    let row = rows.get(key);
    if (!row) {
      row = {
        campaignId: d.campaignId, playbook: d.playbook, runner: d.runner, model: d.model,
        drafted: 0, approved: 0, rejected: 0, sent: 0, replied: 0, positiveReplied: 0, checked: 0, removed: 0, editDistances: [], runs: 0, costUsd: "0", unpricedRuns: 0,
      };
      rows.set(key, row);
    }
    return row;
  };
  for (const c of counts) Object.assign(rowFor(c), { drafted: c.drafted, approved: c.approved, rejected: c.rejected, sent: c.sent, replied: c.replied, positiveReplied: c.positiveReplied, checked: c.checked, removed: c.removed });
  for (const e of edited) {
    if (e.agentBody === null) continue; // edited before any history was kept: nothing to compare with
    const distance = editDistance(e.agentBody, e.body);
    if (distance > 0) rowFor(e).editDistances.push(distance);
  }
  for (const c of costs) Object.assign(rowFor(c), { runs: c.runs, costUsd: c.costUsd, unpricedRuns: c.unpricedRuns });
  // What drafts erased at a person's request had counted (lib/outcomes/carry-erased-outcomes.ts): the numbers stay.
  const erased = await tx.outcomeErasedDay.findMany({ where: { organizationId: orgId, day: from } });
  for (const e of erased) {
    const row = rowFor(e);
    for (const c of ["drafted", "approved", "rejected", "sent", "replied", "checked", "removed"] as const) row[c] += e[c];
    row.editDistances.push(...e.editDistances);
  }

  await tx.$executeRaw`DELETE FROM outcome_days WHERE organization_id = ${orgId} AND day = ${day}::date`;
  if (rows.size > 0) {
    await tx.outcomeDay.createMany({ data: [...rows.values()].map((r) => ({ organizationId: orgId, day: from, ...r })) });
  }
  await tx.$executeRaw`DELETE FROM outcome_variant_days WHERE organization_id = ${orgId} AND day = ${day}::date`;
  if (variants.length > 0) {
    await tx.outcomeVariantDay.createMany({ data: variants.map((v) => ({ organizationId: orgId, day: from, ...v })) });
  }
  await tx.$executeRaw`DELETE FROM outcome_step_days WHERE organization_id = ${orgId} AND day = ${day}::date`;
  if (steps.length > 0) {
    await tx.outcomeStepDay.createMany({ data: steps.map((v) => ({ organizationId: orgId, day: from, ...v })) });
  }
  return rows.size;
}
