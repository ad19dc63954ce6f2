// Keeps an organization's outcome rollups current (docs/outcomes.md "How fresh the numbers are"). Every draft change
// writes a draft event, and every drafting run has a start and an end: the days they touch are recomputed whole.
//
// The state row is locked for the whole refresh (FOR UPDATE SKIP LOCKED), so with two instances one refreshes an
// organization and the other skips it. Reading the events back to `through - margin` (not `through`) catches rows a
// slower transaction committed after the last refresh read past their timestamp; recomputing a day is idempotent, so
// reading some events twice costs time, never correctness.
import { db, type Tx } from "@/lib/db/client";
import { recomputeOutcomeDay } from "@/lib/outcomes/recompute-outcome-day";

/** Longer than any transaction that writes a draft event or finishes a run (they are short, a few seconds at most). */
export const REFRESH_MARGIN_MS = 10 * 60_000;
/** A run is never longer than this (the run timeout and the rescuer end it well before), so its start day is found. */
const LONGEST_RUN_MS = 2 * 86_400_000;
const DAY_MS = 86_400_000;

export interface RefreshResult {
  /** Another instance was refreshing this organization: nothing was done here. */
  skipped: boolean;
  /** Whether every day was rebuilt (the organization's first refresh). */
  rebuilt: boolean;
  days: string[];
}

export async function refreshOutcomes({ orgId }: { orgId: number }): Promise<RefreshResult> {
  return db.$transaction(
    async (tx) => {
      await tx.$executeRaw`INSERT INTO outcome_rollup_states (organization_id, through) VALUES (${orgId}, 'epoch') ON CONFLICT DO NOTHING`;
      const [state] = await tx.$queryRaw<{ through: Date; now: Date }[]>`
        SELECT through, clock_timestamp() AS now FROM outcome_rollup_states WHERE organization_id = ${orgId} FOR UPDATE SKIP LOCKED`;
      if (!state) return { skipped: true, rebuilt: false, days: [] };
      const rebuilt = state.through.getTime() === 0;
      const days = rebuilt ? await everyDay(tx, orgId) : await touchedDays(tx, orgId, new Date(state.through.getTime() - REFRESH_MARGIN_MS));
      for (const day of days) await recomputeOutcomeDay(tx, { orgId, day });
      await tx.$executeRaw`UPDATE outcome_rollup_states SET through = ${state.now}, updated_at = now() WHERE organization_id = ${orgId}`;
      return { skipped: false, rebuilt, days };
    },
    // The first refresh of a large organization rebuilds every day (about 3 s for 100,000 drafts, bench/outcomes).
    { timeout: 300_000, maxWait: 10_000 },
  );
}

/** Every UTC day from the organization's first draft or run to its last. */
async function everyDay(tx: Tx, orgId: number): Promise<string[]> {
  const [span] = await tx.$queryRaw<{ first: Date | null; last: Date | null }[]>`
    SELECT least((SELECT min(created_at) FROM drafts WHERE organization_id = ${orgId}),
                 (SELECT min(created_at) FROM runs WHERE organization_id = ${orgId})) AS first,
           greatest((SELECT max(created_at) FROM drafts WHERE organization_id = ${orgId}),
                    (SELECT max(created_at) FROM runs WHERE organization_id = ${orgId})) AS last`;
  if (!span.first || !span.last) return [];
  const days: string[] = [];
  const start = Date.UTC(span.first.getUTCFullYear(), span.first.getUTCMonth(), span.first.getUTCDate());
  for (let t = start; t <= span.last.getTime(); t += DAY_MS) days.push(new Date(t).toISOString().slice(0, 10));
  return days;
}

/** The creation days of drafts changed or created since `since`, and the start days of runs started or ended since. */
async function touchedDays(tx: Tx, orgId: number, since: Date): Promise<string[]> {
  const runsFrom = new Date(since.getTime() - LONGEST_RUN_MS);
  const rows = await tx.$queryRaw<{ day: string }[]>`
    SELECT to_char(d.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day
      FROM draft_events e JOIN drafts d ON d.id = e.draft_id AND d.organization_id = e.organization_id
     WHERE e.organization_id = ${orgId} AND e.created_at > ${since}
    UNION
    SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') FROM drafts
     WHERE organization_id = ${orgId} AND created_at > ${since}
    UNION
    SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') FROM runs
     WHERE organization_id = ${orgId} AND created_at > ${runsFrom} AND (created_at > ${since} OR finished_at > ${since})
    ORDER BY 1`;
  return rows.map((r) => r.day);
}
