// The WHERE clause of the inbox's filters, shared by the list (GET /api/drafts), the tab counts and the bulk
// routes' "every draft matching the filter", so a count, a page and a bulk action always mean the same drafts.
import { Prisma } from "@/lib/generated/prisma/client";
import type { DraftFilter } from "@/lib/drafts/schemas";
import { toSearchQuery } from "@/lib/drafts/search-query";
import { searchTsquerySql } from "@/lib/drafts/search-tsquery-sql";

/**
 * `d` is the drafts table's alias. `omitState` leaves the state out (the counts group by it); `omitSearch` leaves
 * the search out for a statement that applies it its own way (the list's search plans, lib/drafts/list-drafts.ts).
 */
export function draftFilterSql(
  { orgId, filter, omitState = false, omitSearch = false }: { orgId: number; filter: DraftFilter; omitState?: boolean; omitSearch?: boolean },
): Prisma.Sql[] {
  const where: Prisma.Sql[] = [Prisma.sql`d.organization_id = ${orgId}`];
  if (filter.state && !omitState) where.push(Prisma.sql`d.state = ANY(CAST(${filter.state} AS "DraftState"[]))`);
  if (filter.kind) where.push(Prisma.sql`d.kind = ANY(CAST(${filter.kind} AS "DraftKind"[]))`);
  if (filter.campaign) where.push(Prisma.sql`d.campaign_id = ${filter.campaign}`);
  if (filter.project) where.push(Prisma.sql`d.project_id = ${filter.project}`);
  if (filter.run) where.push(Prisma.sql`d.run_id = ${filter.run}`);
  if (filter.ids) where.push(Prisma.sql`d.id = ANY(CAST(${filter.ids} AS int[]))`);
  if (filter.platform) where.push(Prisma.sql`d.platform = ${filter.platform}`);
  if (filter.minQuality !== undefined) where.push(Prisma.sql`d.quality_score >= ${filter.minQuality}`);
  const search = omitSearch ? null : toSearchQuery(filter.q);
  // The GIN index drafts_search_vector_idx serves this (migration search_vectors).
  if (search) where.push(Prisma.sql`d.search_vector @@ ${searchTsquerySql(search)}`);
  return where;
}
