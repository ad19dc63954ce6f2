// The inbox's tab counts, the sidebar's "waiting for review" number and Home's "N drafts to review": one grouped
// COUNT over the same WHERE clause as the list (without the state, which it groups by). Without other filters the
// index (organization_id, state, id) answers it from the index alone (docs/performance.md, "Inbox counts").
import { Prisma } from "@/lib/generated/prisma/client";
import { getPool } from "@/lib/db/client";
import type { DraftState } from "@/lib/generated/prisma/enums";
import type { DraftFilter } from "@/lib/drafts/schemas";
import { draftFilterSql } from "@/lib/drafts/draft-filter-sql";

/** One number per inbox tab (app/(dashboard)/inbox/_components/filters.ts STATE_TABS). */
export interface DraftCounts {
  review: number;
  approved: number;
  sent: number;
  replied: number;
  rejected: number;
  all: number;
}

const TAB_OF: Record<DraftState, keyof Omit<DraftCounts, "all">> = {
  pending_review: "review",
  proposed: "review",
  approved: "approved",
  armed: "approved",
  sent: "sent",
  replied: "replied",
  rejected: "rejected",
};

export function countDraftsSql({ orgId, filter = {} }: { orgId: number; filter?: DraftFilter }): Prisma.Sql {
  const where = draftFilterSql({ orgId, filter, omitState: true });
  return Prisma.sql`SELECT d.state, count(*)::int AS n FROM drafts d WHERE ${Prisma.join(where, " AND ")} GROUP BY d.state`;
}

export async function countDrafts({ orgId, filter = {} }: { orgId: number; filter?: DraftFilter }): Promise<DraftCounts> {
  const sql = countDraftsSql({ orgId, filter });
  const { rows } = await getPool().query<{ state: DraftState; n: number }>(sql.text, sql.values as unknown[]);
  const counts: DraftCounts = { review: 0, approved: 0, sent: 0, replied: 0, rejected: 0, all: 0 };
  for (const { state, n } of rows) {
    counts[TAB_OF[state]] += n;
    counts.all += n;
  }
  return counts;
}
