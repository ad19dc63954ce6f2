// GET /api/drafts: the inbox list. Filtered and ordered in SQL with keyset pagination, so page N costs the same
// as page 1 on a large backlog (bench/inbox measures it).
import { Prisma } from "@/lib/generated/prisma/client";
import { db } from "@/lib/db/client";
import type { ListDraftsQuery } from "@/lib/drafts/schemas";
import { draftSelect, toDraftView, type DraftView } from "@/lib/drafts/draft-view";
import { decodeDraftCursor, encodeDraftCursor } from "@/lib/drafts/draft-cursor";
import { findRegeneratingRuns } from "@/lib/drafts/find-regenerating-runs";

export interface DraftPage {
  drafts: DraftView[];
  nextCursor: string | null;
}

/** The id query on its own: the route's SQL, also timed bare by the benchmark. */
export function listDraftIdsSql({ orgId, query }: { orgId: number; query: ListDraftsQuery }): Prisma.Sql {
  const where: Prisma.Sql[] = [Prisma.sql`organization_id = ${orgId}`];
  if (query.state) where.push(Prisma.sql`state = ANY(CAST(${query.state} AS "DraftState"[]))`);
  if (query.kind) where.push(Prisma.sql`kind = ANY(CAST(${query.kind} AS "DraftKind"[]))`);
  if (query.campaign) where.push(Prisma.sql`campaign_id = ${query.campaign}`);
  if (query.project) where.push(Prisma.sql`project_id = ${query.project}`);
  if (query.run) where.push(Prisma.sql`run_id = ${query.run}`);
  if (query.platform) where.push(Prisma.sql`platform = ${query.platform}`);
  if (query.minQuality !== undefined) where.push(Prisma.sql`quality_score >= ${query.minQuality}`);

  const quality = Prisma.sql`COALESCE(quality_score, -1)`;
  const cursor = query.cursor ? decodeDraftCursor(query.cursor) : null;
  let order: Prisma.Sql;
  switch (query.sort) {
    case "newest":
      if (cursor) where.push(Prisma.sql`id < ${cursor.id}`);
      order = Prisma.sql`id DESC`;
      break;
    case "oldest":
      if (cursor) where.push(Prisma.sql`id > ${cursor.id}`);
      order = Prisma.sql`id ASC`;
      break;
    case "quality_desc":
      if (cursor) where.push(Prisma.sql`(${quality}, id) < (${cursor.q}, ${cursor.id})`);
      order = Prisma.sql`${quality} DESC, id DESC`;
      break;
    case "quality_asc":
      if (cursor) where.push(Prisma.sql`(${quality}, id) > (${cursor.q}, ${cursor.id})`);
      order = Prisma.sql`${quality} ASC, id ASC`;
      break;
  }
  // One extra row tells whether another page exists.
  return Prisma.sql`SELECT id, ${quality} AS q FROM drafts WHERE ${Prisma.join(where, " AND ")} ORDER BY ${order} LIMIT ${query.limit + 1}`;
}

export async function listDrafts({ orgId, query }: { orgId: number; query: ListDraftsQuery }): Promise<DraftPage> {
  const keys = await db.$queryRaw<{ id: number; q: number }[]>(listDraftIdsSql({ orgId, query }));
  const page = keys.slice(0, query.limit);
  const ids = page.map((k) => k.id);
  const [rows, regenerating] = await Promise.all([
    db.draft.findMany({ where: { organizationId: orgId, id: { in: ids } }, select: draftSelect }),
    findRegeneratingRuns({ orgId, draftIds: ids }),
  ]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const drafts = ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toDraftView(row, regenerating.get(id) ?? null)] : [];
  });
  const last = page.at(-1);
  return { drafts, nextCursor: keys.length > query.limit && last ? encodeDraftCursor({ id: last.id, q: last.q }) : null };
}
