// Outcome rollups are recomputed whole from drafts (recompute-outcome-day.ts), so deleting a person's drafts would
// quietly lower the numbers of the days they were written. An erasure calls this around its deletes: the days those
// drafts were created on are recomputed before and after, and the difference is kept in outcome_erased_days, which
// every later recompute adds back (docs/outcomes.md, docs/privacy.md). The numbers stay; the drafts do not.
import type { Tx } from "@/lib/db/client";
import { recomputeOutcomeDay } from "@/lib/outcomes/recompute-outcome-day";

interface DayRow {
  day: string;
  campaignId: number;
  playbook: string;
  runner: string;
  model: string;
  drafted: number;
  approved: number;
  rejected: number;
  sent: number;
  replied: number;
  checked: number;
  removed: number;
  editDistances: number[];
}

const COUNTERS = ["drafted", "approved", "rejected", "sent", "replied", "checked", "removed"] as const;
const keyOf = (r: DayRow) => `${r.day}\u0000${r.campaignId}\u0000${r.playbook}\u0000${r.runner}\u0000${r.model}`;

async function readDays(tx: Tx, orgId: number, days: string[]): Promise<Map<string, DayRow>> {
  const rows = await tx.$queryRaw<DayRow[]>`
    SELECT to_char(day, 'YYYY-MM-DD') AS day, campaign_id AS "campaignId", playbook, runner, model, drafted, approved, rejected, sent,
           replied, checked, removed, edit_distances AS "editDistances"
      FROM outcome_days WHERE organization_id = ${orgId} AND day = ANY(${days}::date[])`;
  return new Map(rows.map((r) => [keyOf(r), r]));
}

/** Takes the organization's rollup lock, so a refresh on another instance never recomputes between the two reads. */
export async function beginOutcomeCarry(tx: Tx, { orgId, draftIds }: { orgId: number; draftIds: number[] }) {
  if (draftIds.length === 0) return { finish: async () => {} };
  await tx.$executeRaw`INSERT INTO outcome_rollup_states (organization_id, through) VALUES (${orgId}, 'epoch') ON CONFLICT DO NOTHING`;
  await tx.$queryRaw`SELECT 1 FROM outcome_rollup_states WHERE organization_id = ${orgId} FOR UPDATE`;
  const days = (
    await tx.$queryRaw<{ day: string }[]>`
      SELECT DISTINCT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day FROM drafts WHERE organization_id = ${orgId} AND id = ANY(${draftIds}::int[])`
  ).map((r) => r.day);
  for (const day of days) await recomputeOutcomeDay(tx, { orgId, day });
  const before = await readDays(tx, orgId, days);

  /** After the drafts are gone: records what they counted and rewrites the days with it. */
  async function finish() {
    for (const day of days) await recomputeOutcomeDay(tx, { orgId, day });
    const after = await readDays(tx, orgId, days);
    for (const [key, was] of before) {
      const now = after.get(key);
      const lost = Object.fromEntries(COUNTERS.map((c) => [c, was[c] - (now?.[c] ?? 0)])) as Record<(typeof COUNTERS)[number], number>;
      const remaining = [...(now?.editDistances ?? [])];
      const lostDistances = was.editDistances.filter((d) => {
        const i = remaining.indexOf(d);
        if (i === -1) return true;
        remaining.splice(i, 1);
        return false;
      });
      if (COUNTERS.every((c) => lost[c] === 0) && lostDistances.length === 0) continue;
      await tx.$executeRaw`
        INSERT INTO outcome_erased_days (organization_id, day, campaign_id, playbook, runner, model, drafted, approved, rejected, sent, replied, checked, removed, edit_distances)
        VALUES (${orgId}, ${was.day}::date, ${was.campaignId}, ${was.playbook}, ${was.runner}, ${was.model}, ${lost.drafted}, ${lost.approved},
                ${lost.rejected}, ${lost.sent}, ${lost.replied}, ${lost.checked}, ${lost.removed}, ${lostDistances}::int[])
        ON CONFLICT (organization_id, day, campaign_id, playbook, runner, model) DO UPDATE SET
          drafted = outcome_erased_days.drafted + EXCLUDED.drafted, approved = outcome_erased_days.approved + EXCLUDED.approved,
          rejected = outcome_erased_days.rejected + EXCLUDED.rejected, sent = outcome_erased_days.sent + EXCLUDED.sent,
          replied = outcome_erased_days.replied + EXCLUDED.replied, checked = outcome_erased_days.checked + EXCLUDED.checked,
          removed = outcome_erased_days.removed + EXCLUDED.removed,
          edit_distances = outcome_erased_days.edit_distances || EXCLUDED.edit_distances`;
    }
    for (const day of days) await recomputeOutcomeDay(tx, { orgId, day });
  }
  return { finish };
}
