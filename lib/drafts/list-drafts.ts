// GET /api/drafts: the inbox list. Filtered and ordered in SQL with keyset pagination, so page N costs the same
// as page 1 on a large backlog (bench/inbox measures it).
import { Prisma } from "@/lib/generated/prisma/client";
import { getPool } from "@/lib/db/client";
import type { ListDraftsQuery } from "@/lib/drafts/schemas";
import { toDraftView, type DraftRow, type DraftView } from "@/lib/drafts/draft-view";
import { decodeDraftCursor, encodeDraftCursor } from "@/lib/drafts/draft-cursor";

export interface DraftPage {
  drafts: DraftView[];
  nextCursor: string | null;
}

// One statement returns the page with its campaign and project names and any running regeneration, so the
// route costs one round trip beyond authentication.
const COLUMNS = Prisma.sql`
  d.id, d.version, d.state, d.kind, d.platform, d.project_id AS "projectId", d.account_id AS "accountId",
  d.account_handle AS "accountHandle", d.target_user AS "targetUser", d.target_community AS "targetCommunity",
  d.target_url AS "targetUrl", d.title, d.campaign_id AS "campaignId", d.run_id AS "runId", d.body,
  CASE WHEN d.previous_body IS NULL THEN NULL ELSE '' END AS "previousBody", d.body_edited AS "bodyEdited",
  d.dedup_warning AS "dedupWarning", d.scheduled_send_after AS "scheduledSendAfter", d.quality_score AS "qualityScore",
  d.quality_reason AS "qualityReason", d.quality_model AS "qualityModel", d.regeneration_count AS "regenerationCount",
  d.variant_group_id AS "variantGroupId", d.variant_label AS "variantLabel", d.parent_message_id AS "parentMessageId",
  d.drafting_run_id AS "draftingRunId", d.sent_at AS "sentAt", d.replied_at AS "repliedAt", d.created_at AS "createdAt",
  d.updated_at AS "updatedAt", c.name AS "campaignName", p.name AS "projectName",
  (SELECT r.id FROM runs r WHERE r.organization_id = d.organization_id AND r.status = 'running'
     AND r.kind = 'draft_regeneration' AND r.params->>'draftId' = d.id::text LIMIT 1) AS "regeneratingRunId",
  (SELECT COALESCE(r.failure_reason, 'ended') FROM runs r WHERE r.id = d.drafting_run_id AND r.organization_id = d.organization_id
     AND r.status <> 'running') AS "draftingFailure"`;

type SqlDraftRow = Omit<DraftRow, "campaign" | "project"> & {
  campaignName: string | null;
  projectName: string | null;
  regeneratingRunId: number | null;
  draftingFailure: string | null;
  q: number;
};

/** The inbox page query: the route runs exactly this, and the benchmark times it bare. */
export function listDraftsSql({ orgId, query }: { orgId: number; query: ListDraftsQuery }): Prisma.Sql {
  const where: Prisma.Sql[] = [Prisma.sql`d.organization_id = ${orgId}`];
  if (query.state) where.push(Prisma.sql`d.state = ANY(CAST(${query.state} AS "DraftState"[]))`);
  if (query.kind) where.push(Prisma.sql`d.kind = ANY(CAST(${query.kind} AS "DraftKind"[]))`);
  if (query.campaign) where.push(Prisma.sql`d.campaign_id = ${query.campaign}`);
  if (query.project) where.push(Prisma.sql`d.project_id = ${query.project}`);
  if (query.run) where.push(Prisma.sql`d.run_id = ${query.run}`);
  if (query.ids) where.push(Prisma.sql`d.id = ANY(CAST(${query.ids} AS int[]))`);
  if (query.platform) where.push(Prisma.sql`d.platform = ${query.platform}`);
  if (query.minQuality !== undefined) where.push(Prisma.sql`d.quality_score >= ${query.minQuality}`);

  const quality = Prisma.sql`COALESCE(d.quality_score, -1)`;
  const cursor = query.cursor ? decodeDraftCursor(query.cursor) : null;
  let order: Prisma.Sql;
  switch (query.sort) {
    case "newest":
      if (cursor) where.push(Prisma.sql`d.id < ${cursor.id}`);
      order = Prisma.sql`d.id DESC`;
      break;
    case "oldest":
      if (cursor) where.push(Prisma.sql`d.id > ${cursor.id}`);
      order = Prisma.sql`d.id ASC`;
      break;
    case "quality_desc":
      if (cursor) where.push(Prisma.sql`(${quality}, d.id) < (${cursor.q}, ${cursor.id})`);
      order = Prisma.sql`${quality} DESC, d.id DESC`;
      break;
    case "quality_asc":
      if (cursor) where.push(Prisma.sql`(${quality}, d.id) > (${cursor.q}, ${cursor.id})`);
      order = Prisma.sql`${quality} ASC, d.id ASC`;
      break;
  }
  // One extra row tells whether another page exists.
  return Prisma.sql`SELECT ${COLUMNS}, ${quality} AS q
    FROM drafts d
    LEFT JOIN campaigns c ON c.id = d.campaign_id
    LEFT JOIN projects p ON p.id = d.project_id
    WHERE ${Prisma.join(where, " AND ")}
    ORDER BY ${order}
    LIMIT ${query.limit + 1}`;
}

export async function listDrafts({ orgId, query }: { orgId: number; query: ListDraftsQuery }): Promise<DraftPage> {
  const sql = listDraftsSql({ orgId, query });
  // Straight on the pool: this is the inbox's hot path and Prisma's raw path doubled its cost (docs/performance.md).
  const { rows } = await getPool().query<SqlDraftRow>(sql.text, sql.values as unknown[]);
  const page = rows.slice(0, query.limit);
  const drafts = page.map(({ campaignName, projectName, regeneratingRunId, draftingFailure, q: _q, ...row }) =>
    toDraftView(
      { ...row, campaign: campaignName === null ? null : { name: campaignName }, project: projectName === null ? null : { name: projectName } },
      regeneratingRunId,
      draftingFailure,
    ),
  );
  const last = page.at(-1);
  return { drafts, nextCursor: rows.length > query.limit && last ? encodeDraftCursor({ id: last.id, q: last.q }) : null };
}
