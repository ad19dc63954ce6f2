// The drafts a bulk call acts on: its ids, or every draft matching its filter (the inbox's "Select all N
// matching"), newest first and at most BULK_FILTER_LIMIT of them, read in one statement through the same WHERE
// clause as the list.
import { Prisma } from "@/lib/generated/prisma/client";
import type { DraftState } from "@/lib/generated/prisma/enums";
import { getPool } from "@/lib/db/client";
import type { BulkTargetBody } from "@/lib/drafts/schemas";
import { BULK_FILTER_LIMIT } from "@/lib/drafts/bulk-limits";
import { draftFilterSql } from "@/lib/drafts/draft-filter-sql";

export interface BulkTarget {
  ids: number[];
  /** The states the drafts were selected in: each action checks its draft is still in one (a filter reads them live). */
  states?: DraftState[];
  /** Set for a filter: true when more drafts matched than one call takes (run it again for the rest). */
  truncated?: boolean;
}

export async function resolveBulkTarget({ orgId, target }: { orgId: number; target: BulkTargetBody }): Promise<BulkTarget> {
  if ("ids" in target) return { ids: target.ids, states: target.states };
  const sql = Prisma.sql`SELECT d.id FROM drafts d WHERE ${Prisma.join(draftFilterSql({ orgId, filter: target.filter }), " AND ")}
    ORDER BY d.id DESC LIMIT ${BULK_FILTER_LIMIT + 1}`;
  const { rows } = await getPool().query<{ id: number }>(sql.text, sql.values as unknown[]);
  return { ids: rows.slice(0, BULK_FILTER_LIMIT).map((r) => r.id), truncated: rows.length > BULK_FILTER_LIMIT };
}

/** The answer of a bulk route: one result per id, and `truncated` when the call named a filter. */
export function bulkAnswer<R>(target: BulkTarget, results: R[]): { results: R[]; truncated?: boolean } {
  return target.truncated === undefined ? { results } : { results, truncated: target.truncated };
}
