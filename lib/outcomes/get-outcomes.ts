// The Outcomes view (docs/outcomes.md): read from the daily rollups, never from the drafts, so the answer costs the
// same for 500 drafts as for 500,000 (bench/outcomes, docs/performance.md). An organization whose rollups were never
// built is built here once, before the first answer.
import { getPool } from "@/lib/db/client";
import { notFound } from "@/lib/http/errors";
import { compareRates } from "@/lib/outcomes/compare-rates";
import { medianEditDistance } from "@/lib/outcomes/edit-distance";
import { refreshOutcomes } from "@/lib/outcomes/refresh-outcomes";
import { DEFAULT_RANGE_DAYS, type OutcomeMetrics, type Outcomes, type OutcomesQuery, type OutcomeStep, type OutcomeVariant, type OutcomeWeek } from "@/lib/outcomes/schemas";
import { wilsonInterval } from "@/lib/outcomes/wilson-interval";

const DAY_MS = 86_400_000;
/** Twice the job's period: rollups older than this are refreshed by the reader before answering. */
export const READ_REFRESH_AFTER_MS = 120_000;

interface RollupRow {
  day: string;
  campaign_id: number;
  playbook: string;
  runner: string;
  model: string;
  drafted: number;
  approved: number;
  rejected: number;
  sent: number;
  replied: number;
  positive_replied: number;
  checked: number;
  removed: number;
  edit_distances: number[] | null;
  runs: number;
  cost_usd: number;
  unpriced_runs: number;
}

/** Sums of rollup rows, before the rates are worked out. */
class Tally {
  drafted = 0;
  approved = 0;
  rejected = 0;
  sent = 0;
  replied = 0;
  positiveReplied = 0;
  checked = 0;
  removed = 0;
  distances: number[] = [];
  runs = 0;
  costUsd = 0;
  unpricedRuns = 0;

  add(r: RollupRow) {
    this.drafted += r.drafted;
    this.approved += r.approved;
    this.rejected += r.rejected;
    this.sent += r.sent;
    this.replied += r.replied;
    this.positiveReplied += r.positive_replied;
    this.checked += r.checked;
    this.removed += r.removed;
    if (r.edit_distances) for (const d of r.edit_distances) this.distances.push(d);
    this.runs += r.runs;
    this.costUsd += r.cost_usd;
    this.unpricedRuns += r.unpriced_runs;
  }

  metrics(): OutcomeMetrics {
    const decided = this.approved + this.rejected;
    const costUsd = Math.round(this.costUsd * 1e6) / 1e6;
    return {
      drafted: this.drafted,
      approved: this.approved,
      rejected: this.rejected,
      sent: this.sent,
      replied: this.replied,
      approvalRate: decided > 0 ? this.approved / decided : null,
      replyRate: this.sent > 0 ? this.replied / this.sent : null,
      replyRateInterval: wilsonInterval(this.replied, this.sent),
      positiveReplied: this.positiveReplied,
      positiveReplyRate: this.sent > 0 ? this.positiveReplied / this.sent : null,
      positiveReplyRateInterval: wilsonInterval(this.positiveReplied, this.sent),
      checked: this.checked,
      removed: this.removed,
      removalRate: this.checked > 0 ? this.removed / this.checked : null,
      medianEditDistance: medianEditDistance(this.distances, this.sent),
      editedSent: this.distances.length,
      runs: this.runs,
      costUsd,
      unpricedRuns: this.unpricedRuns,
      costPerApproved: this.approved > 0 && this.runs > 0 ? costUsd / this.approved : null,
      costPerReply: this.replied > 0 && this.runs > 0 ? costUsd / this.replied : null,
    };
  }
}

function grouped<K>(rows: RollupRow[], keyOf: (r: RollupRow) => string, describe: (r: RollupRow) => K) {
  const groups = new Map<string, { key: K; tally: Tally }>();
  for (const r of rows) {
    const k = keyOf(r);
    let g = groups.get(k);
    if (!g) groups.set(k, (g = { key: describe(r), tally: new Tally() }));
    g.tally.add(r);
  }
  return [...groups.values()]
    .map((g) => ({ ...g.key, ...g.tally.metrics() }))
    .sort((a, b) => b.drafted - a.drafted || b.runs - a.runs);
}

/** The Monday of the UTC week `day` falls in. */
export function weekOf(day: string): string {
  const t = Date.parse(`${day}T00:00:00Z`);
  const weekday = (new Date(t).getUTCDay() + 6) % 7;
  return new Date(t - weekday * DAY_MS).toISOString().slice(0, 10);
}

export function outcomeRange(query: Pick<OutcomesQuery, "from" | "to">, now: Date): { from: string; to: string } {
  const to = query.to ?? now.toISOString().slice(0, 10);
  const from = query.from ?? new Date(Date.parse(`${to}T00:00:00Z`) - (DEFAULT_RANGE_DAYS - 1) * DAY_MS).toISOString().slice(0, 10);
  return { from, to };
}

export async function getOutcomes({ orgId, query, now = new Date() }: { orgId: number; query: OutcomesQuery; now?: Date }): Promise<Outcomes> {
  const pool = getPool();
  const { from, to } = outcomeRange(query, now);

  if (query.campaignId !== undefined) {
    const found = await pool.query("SELECT 1 FROM campaigns WHERE id = $1 AND organization_id = $2", [query.campaignId, orgId]);
    if (found.rowCount === 0) throw notFound("Campaign");
  }

  let state = await pool.query<{ through: Date }>("SELECT through FROM outcome_rollup_states WHERE organization_id = $1", [orgId]);
  // Never built, or the job has not run for a while (no instance runs jobs, or it is behind): the reader catches up.
  // A refresh already under way elsewhere is not waited for (refreshOutcomes skips a locked organization).
  if (state.rowCount === 0 || now.getTime() - state.rows[0].through.getTime() > READ_REFRESH_AFTER_MS) {
    await refreshOutcomes({ orgId });
    state = await pool.query<{ through: Date }>("SELECT through FROM outcome_rollup_states WHERE organization_id = $1", [orgId]);
  }

  const where = ["organization_id = $1", "day >= $2::date", "day <= $3::date"];
  const params: unknown[] = [orgId, from, to];
  const filter = (column: string, value: unknown) => {
    params.push(value);
    where.push(`${column} = $${params.length}`);
  };
  if (query.campaignId !== undefined) filter("campaign_id", query.campaignId);
  if (query.playbook !== undefined) filter("playbook", query.playbook);
  if (query.runner !== undefined) filter("runner", query.runner);
  if (query.model !== undefined) filter("model", query.model);

  const { rows } = await pool.query<RollupRow>(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day, campaign_id, playbook, runner, model, drafted, approved, rejected, sent, replied,
            positive_replied, checked, removed, edit_distances, runs, cost_usd::float8 AS cost_usd, unpriced_runs
       FROM outcome_days WHERE ${where.join(" AND ")}`,
    params,
  );

  const variantRows = await pool.query<{ variant_label: string; sent: number; replied: number; positive_replied: number }>(
    `SELECT variant_label, sum(sent)::int AS sent, sum(replied)::int AS replied, sum(positive_replied)::int AS positive_replied
       FROM outcome_variant_days WHERE ${where.join(" AND ")}
      GROUP BY variant_label ORDER BY variant_label`,
    params,
  );
  const byVariant: OutcomeVariant[] = variantRows.rows.map((v) => ({
    variantLabel: v.variant_label,
    ...replyRates(v),
    positiveReplyRateInterval: wilsonInterval(v.positive_replied, v.sent),
  }));
  // Reply rate per follow-up step (docs/sequences.md "Outcomes"): 0 is the first message.
  const stepRows = await pool.query<{ step: number; sent: number; replied: number; positive_replied: number }>(
    `SELECT step, sum(sent)::int AS sent, sum(replied)::int AS replied, sum(positive_replied)::int AS positive_replied
       FROM outcome_step_days WHERE ${where.join(" AND ")}
      GROUP BY step ORDER BY step`,
    params,
  );
  const byStep: OutcomeStep[] = stepRows.rows.map((v) => ({ step: v.step, ...replyRates(v) }));
  const namedCampaigns = () => byCampaign.filter((c) => c.campaignName !== null);

  const campaignIds = [...new Set(rows.map((r) => r.campaign_id).filter((id) => id > 0))];
  const names = new Map<number, string>();
  if (campaignIds.length > 0) {
    const found = await pool.query<{ id: number; name: string }>(
      "SELECT id, name FROM campaigns WHERE organization_id = $1 AND id = ANY($2::int[])",
      [orgId, campaignIds],
    );
    for (const c of found.rows) names.set(c.id, c.name);
  }

  const totals = new Tally();
  for (const r of rows) totals.add(r);

  const weeks = new Map<string, Tally>();
  for (let t = Date.parse(`${weekOf(from)}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 7 * DAY_MS) {
    weeks.set(new Date(t).toISOString().slice(0, 10), new Tally());
  }
  for (const r of rows) weeks.get(weekOf(r.day))?.add(r);
  const weekly: OutcomeWeek[] = [...weeks.entries()].map(([week, t]) => {
    const m = t.metrics();
    return { week, drafted: m.drafted, approved: m.approved, sent: m.sent, replied: m.replied, approvalRate: m.approvalRate };
  });

  // A campaign deleted since keeps its numbers under "Deleted campaign" (its drafts' campaign was cleared).
  const byCampaign = grouped(rows, (r) => String(r.campaign_id), (r) => ({
    campaignId: r.campaign_id > 0 ? r.campaign_id : null,
    campaignName: r.campaign_id > 0 ? (names.get(r.campaign_id) ?? null) : null,
  }));

  return {
    from,
    to,
    totals: totals.metrics(),
    byCampaign,
    byPlaybook: grouped(rows, (r) => r.playbook, (r) => ({ playbook: r.playbook || null })),
    byRunnerModel: grouped(rows, (r) => `${r.runner}\u0000${r.model}`, (r) => ({ runner: r.runner || null, model: r.model || null })),
    weekly,
    byVariant,
    byStep,
    // Only named campaigns take part: "No campaign" and deleted ones are not something to choose between.
    verdicts: {
      variants: compareRates(byVariant.map((v) => ({ label: `Variant ${v.variantLabel}`, successes: v.replied, trials: v.sent }))),
      campaigns: compareRates(namedCampaigns().map((c) => ({ label: c.campaignName!, successes: c.replied, trials: c.sent }))),
      positiveVariants: compareRates(byVariant.map((v) => ({ label: `Variant ${v.variantLabel}`, successes: v.positiveReplied, trials: v.sent }))),
      positiveCampaigns: compareRates(namedCampaigns().map((c) => ({ label: c.campaignName!, successes: c.positiveReplied, trials: c.sent }))),
    },
    countedThrough: state.rows[0] && state.rows[0].through.getTime() > 0 ? state.rows[0].through.toISOString() : null,
  };
}

/** Sends, replies and their rates with the reply rate's Wilson interval, for a row of a per-variant or per-step sum. */
function replyRates(v: { sent: number; replied: number; positive_replied: number }) {
  return {
    sent: v.sent,
    replied: v.replied,
    replyRate: v.sent > 0 ? v.replied / v.sent : null,
    replyRateInterval: wilsonInterval(v.replied, v.sent),
    positiveReplied: v.positive_replied,
    positiveReplyRate: v.sent > 0 ? v.positive_replied / v.sent : null,
  };
}
