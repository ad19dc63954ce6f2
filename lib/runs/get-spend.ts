import { db } from "@/lib/db/client";

export interface SpendDay {
  /** UTC calendar day, YYYY-MM-DD. */
  day: string;
  costUsd: number;
  runs: number;
}

export interface Spend {
  last24hUsd: number;
  last7dUsd: number;
  runs24h: number;
  runs7d: number;
  /** Finished runs of the last 7 days whose cost is null (backend or model without a price table, SPEC 2 "Cost"). */
  unpricedRuns7d: number;
  /** The last 14 UTC days, oldest first, today last; days without runs are present with zeros. */
  daily: SpendDay[];
}

const DAY_MS = 86_400_000;
const DAILY_DAYS = 14;

/**
 * Agent spend for the Home page. A run counts on the day and in the window it started in. A null cost is not a
 * zero: it adds nothing to the sums and is counted as unpriced, so the page can say the figure is a lower bound.
 * A run still going has no cost yet and is not counted as unpriced.
 */
export async function getSpend({ orgId, now }: { orgId: number; now: Date }): Promise<Spend> {
  const since24h = new Date(now.getTime() - DAY_MS);
  const since7d = new Date(now.getTime() - 7 * DAY_MS);
  const todayStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const since14d = new Date(todayStart - (DAILY_DAYS - 1) * DAY_MS);
  const from = since14d < since7d ? since14d : since7d;

  const [totals] = await db.$queryRaw<
    { last24h: number; last7d: number; runs24h: number; runs7d: number; unpriced7d: number }[]
  >`
    SELECT
      coalesce(sum(cost_usd) FILTER (WHERE started_at > ${since24h}), 0)::float8 AS "last24h",
      coalesce(sum(cost_usd) FILTER (WHERE started_at > ${since7d}), 0)::float8 AS "last7d",
      (count(*) FILTER (WHERE started_at > ${since24h}))::int AS "runs24h",
      (count(*) FILTER (WHERE started_at > ${since7d}))::int AS "runs7d",
      (count(*) FILTER (WHERE started_at > ${since7d} AND cost_usd IS NULL AND status <> 'running'))::int AS "unpriced7d"
    FROM runs
    WHERE organization_id = ${orgId} AND started_at >= ${from} AND started_at <= ${now}`;

  const days = await db.$queryRaw<{ day: string; cost: number; runs: number }[]>`
    SELECT to_char(started_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day,
           coalesce(sum(cost_usd), 0)::float8 AS cost,
           count(*)::int AS runs
    FROM runs
    WHERE organization_id = ${orgId} AND started_at >= ${since14d} AND started_at <= ${now}
    GROUP BY 1`;
  const byDay = new Map(days.map((d) => [d.day, d]));

  const daily: SpendDay[] = [];
  for (let i = DAILY_DAYS - 1; i >= 0; i--) {
    const day = new Date(todayStart - i * DAY_MS).toISOString().slice(0, 10);
    const row = byDay.get(day);
    daily.push({ day, costUsd: row ? round6(row.cost) : 0, runs: row?.runs ?? 0 });
  }

  return {
    last24hUsd: round6(totals?.last24h ?? 0),
    last7dUsd: round6(totals?.last7d ?? 0),
    runs24h: totals?.runs24h ?? 0,
    runs7d: totals?.runs7d ?? 0,
    unpricedRuns7d: totals?.unpriced7d ?? 0,
    daily,
  };
}

// cost_usd is numeric(12,6); summing through float8 can leave 1e-17 noise that would show up in tests and tooltips.
function round6(n: number): number {
  return Math.round(n * 1e6) / 1e6;
}
