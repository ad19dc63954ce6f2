// GET /api/drafts: the inbox list. Filtered and ordered in SQL with keyset pagination, so page N costs the same
// as page 1 on a large backlog (bench/inbox measures it).
import { Prisma } from "@/lib/generated/prisma/client";
import { getPool } from "@/lib/db/client";
import type { ListDraftsQuery } from "@/lib/drafts/schemas";
import { toDraftView, type DraftRow, type DraftView } from "@/lib/drafts/draft-view";
import { decodeDraftCursor, encodeDraftCursor } from "@/lib/drafts/draft-cursor";
import { draftFilterSql } from "@/lib/drafts/draft-filter-sql";
import { toSearchQuery } from "@/lib/drafts/search-query";
import { searchTsquerySql } from "@/lib/drafts/search-tsquery-sql";

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
  d.dedup_warning AS "dedupWarning", d.scheduled_send_after AS "scheduledSendAfter",
  d.held_until AS "heldUntil", d.held_reason AS "heldReason", d.quality_score AS "qualityScore",
  d.quality_reason AS "qualityReason", d.quality_model AS "qualityModel", d.regeneration_count AS "regenerationCount",
  d.variant_group_id AS "variantGroupId", d.variant_label AS "variantLabel", d.parent_message_id AS "parentMessageId",
  d.drafting_run_id AS "draftingRunId", d.sent_at AS "sentAt", d.replied_at AS "repliedAt", d.created_at AS "createdAt",
  d.published_url AS "publishedUrl", d.published_id AS "publishedId", d.visibility, d.visibility_checked_at AS "visibilityCheckedAt",
  d.visibility_check_due_at AS "visibilityCheckDueAt", d.visibility_error AS "visibilityError",
  d.follows_draft_id AS "followsDraftId", d.followup_step AS "followupStep", d.followup_of AS "followupOf",
  d.withdrawn_reason AS "withdrawnReason",
  d.updated_at AS "updatedAt", c.name AS "campaignName", p.name AS "projectName",
  (SELECT r.id FROM runs r WHERE r.organization_id = d.organization_id AND r.status = 'running'
     AND r.kind = 'draft_regeneration' AND r.params->>'draftId' = d.id::text LIMIT 1) AS "regeneratingRunId",
  (SELECT COALESCE(r.failure_reason, 'ended') FROM runs r WHERE r.id = d.drafting_run_id AND r.organization_id = d.organization_id
     AND r.status <> 'running') AS "draftingFailure",
  (SELECT json_build_object('status', a.status, 'attempts', a.attempts, 'maxAttempts', a.max_attempts, 'lastError', a.last_error,
     'nextAttemptAt', a.next_attempt_at, 'statusUrl', a.status_url) FROM auto_posts a
    WHERE a.draft_id = d.id AND a.organization_id = d.organization_id) AS "autoPost",
  (SELECT json_build_object('intent', m.intent, 'intentConfidence', m.intent_confidence, 'intentReason', m.intent_reason,
     'intentSource', m.intent_source) FROM conversation_messages m
    WHERE m.id = d.parent_message_id AND m.organization_id = d.organization_id) AS "parentMessage"`;

type SqlDraftRow = Omit<DraftRow, "campaign" | "project"> & {
  campaignName: string | null;
  projectName: string | null;
  regeneratingRunId: number | null;
  draftingFailure: string | null;
  q: number;
};

/**
 * How a search reaches its drafts. PostgreSQL cannot tell from its statistics whether a word is in one draft or in
 * every draft, and each guess is slow the other way at 500,000 drafts (docs/performance.md "Inbox search"):
 * - `recent`: the newest SEARCH_WINDOW drafts that pass the other filters (after the cursor), checked one by one against
 *   their stored vector: instant for a common word, and exact whenever it finds a full page there;
 * - `index`: every match from the GIN index first, then ordered: instant for a rare word, bounded by the matches
 *   for a common one. listDrafts tries `recent` and falls back to `index` when the window held less than a page.
 */
export type SearchPlan = "recent" | "index";
// A thousand rows: a word in one draft of twenty fills a page there, and a handle or a rarer word (most searches)
// wastes only this walk before the index answers (5,000 cost 8 ms of a handle's 14 ms at 500,000 drafts).
export const SEARCH_WINDOW = 1000;

/** The inbox page query: the route runs exactly this, and the benchmark times it bare. */
export function listDraftsSql({ orgId, query, plan = "index" }: { orgId: number; query: ListDraftsQuery; plan?: SearchPlan }): Prisma.Sql {
  const where = draftFilterSql({ orgId, filter: query, omitSearch: true });
  const search = toSearchQuery(query.q);
  let hits = Prisma.empty;
  const cursorOf = query.cursor ? decodeDraftCursor(query.cursor) : null;
  if (search && plan === "recent" && (query.sort === "newest" || query.sort === "oldest")) {
    const newest = query.sort === "newest";
    const after = cursorOf ? (newest ? Prisma.sql`AND d.id < ${cursorOf.id}` : Prisma.sql`AND d.id > ${cursorOf.id}`) : Prisma.empty;
    // The window is the newest SEARCH_WINDOW drafts that pass the other filters, walked by id inside a MATERIALIZED
    // CTE and checked row by row, so a page of hits is exact whenever the window holds one. Left to the planner, a
    // common word was read from the GIN index for the whole organization and sorted (0.4 s at 100,000 drafts).
    const dir = newest ? Prisma.sql`DESC` : Prisma.sql`ASC`;
    hits = Prisma.sql`WITH hits AS MATERIALIZED (SELECT w.id FROM (SELECT d.id, d.search_vector FROM drafts d
      WHERE ${Prisma.join(where, " AND ")} ${after} ORDER BY d.id ${dir} LIMIT ${SEARCH_WINDOW}) w
      WHERE w.search_vector @@ ${searchTsquerySql(search)} ORDER BY w.id ${dir} LIMIT ${query.limit + 1}) `;
    where.push(Prisma.sql`d.id IN (SELECT id FROM hits)`);
  } else if (search) {
    // MATERIALIZED keeps the planner from turning this back into a walk of the id index.
    hits = Prisma.sql`WITH hits AS MATERIALIZED (SELECT h.id FROM drafts h WHERE h.organization_id = ${orgId}
      AND h.search_vector @@ ${searchTsquerySql(search)}) `;
    where.push(Prisma.sql`d.id IN (SELECT id FROM hits)`);
  }

  const quality = Prisma.sql`COALESCE(d.quality_score, -1)`;
  const cursor = cursorOf;
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
  return Prisma.sql`${hits}SELECT ${COLUMNS}, ${quality} AS q
    FROM drafts d
    LEFT JOIN campaigns c ON c.id = d.campaign_id
    LEFT JOIN projects p ON p.id = d.project_id
    WHERE ${Prisma.join(where, " AND ")}
    ORDER BY ${order}
    LIMIT ${query.limit + 1}`;
}

/** The rows of one inbox page, through `run` (the pool in the route, the benchmark's own pool when it times it). */
export async function listDraftRows<R>(
  { orgId, query, run }: { orgId: number; query: ListDraftsQuery; run: (sql: Prisma.Sql) => Promise<R[]> },
): Promise<R[]> {
  if (toSearchQuery(query.q) && (query.sort === "newest" || query.sort === "oldest")) {
    const recent = await run(listDraftsSql({ orgId, query, plan: "recent" }));
    if (recent.length > query.limit) return recent;
  }
  return run(listDraftsSql({ orgId, query, plan: "index" }));
}

export async function listDrafts({ orgId, query }: { orgId: number; query: ListDraftsQuery }): Promise<DraftPage> {
  // Straight on the pool: this is the inbox's hot path and Prisma's raw path doubled its cost (docs/performance.md).
  const pool = getPool();
  const rows = await listDraftRows({
    orgId, query,
    run: async (sql) => (await pool.query<SqlDraftRow>(sql.text, sql.values as unknown[])).rows,
  });
  const page = rows.slice(0, query.limit);
  // The row gains the two relations toDraftView reads rather than being copied without its extra columns: a rest
  // and spread copy of 45 columns cost as much as building the view (a CPU profile of bench/inbox), and the view
  // only reads the fields it names.
  const drafts = page.map((row) => {
    const withRelations: DraftRow = Object.assign(row, {
      campaign: row.campaignName === null ? null : { name: row.campaignName },
      project: row.projectName === null ? null : { name: row.projectName },
    });
    return toDraftView(withRelations, row.regeneratingRunId, row.draftingFailure);
  });
  const last = page.at(-1);
  return { drafts, nextCursor: rows.length > query.limit && last ? encodeDraftCursor({ id: last.id, q: last.q }) : null };
}
