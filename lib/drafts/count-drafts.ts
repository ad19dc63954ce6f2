// The inbox's tab counts, the sidebar's "waiting for review" number and Home's "N drafts to review". Without a search:
// one grouped COUNT over the same WHERE clause as the list (without the state, which it groups by), answered from the
// index (organization_id, state, id) alone. With a search, exact up to SEARCH_COUNT_BOUND per tab and "1,000+" past
// it, as mail clients count, so that a word in every draft costs no more than a rare one (docs/performance.md,
// "Inbox counts with a search").
import { Prisma } from "@/lib/generated/prisma/client";
import { getPool } from "@/lib/db/client";
import type { DraftState } from "@/lib/generated/prisma/enums";
import type { DraftFilter } from "@/lib/drafts/schemas";
import { draftFilterSql } from "@/lib/drafts/draft-filter-sql";
import { toSearchQuery } from "@/lib/drafts/search-query";

/** One number per inbox tab (app/(dashboard)/inbox/_components/filters.ts STATE_TABS). */
export interface DraftCounts {
  review: number;
  approved: number;
  sent: number;
  replied: number;
  rejected: number;
  all: number;
  /** Tabs whose number is a lower bound ("1,000+"): only with a search, when more drafts match than the bound. */
  atLeast: Array<Exclude<keyof DraftCounts, "atLeast">>;
}

type Tab = Exclude<keyof DraftCounts, "atLeast" | "all">;

const TAB_OF: Record<DraftState, Tab> = {
  pending_review: "review",
  proposed: "review",
  approved: "approved",
  armed: "approved",
  sent: "sent",
  replied: "replied",
  rejected: "rejected",
};

const STATES = Object.keys(TAB_OF) as DraftState[];

/** Past this many matches a tab with a search says "1,000+". */
export const SEARCH_COUNT_BOUND = 1000;
/** The newest drafts of each state checked one by one against the search before any index is asked. */
export const SEARCH_COUNT_WINDOW = 5000;

type Run = (sql: Prisma.Sql) => Promise<Array<Record<string, unknown>>>;

const onPool: Run = async (sql) => (await getPool().query(sql.text, sql.values as unknown[])).rows;

/** The plain grouped count (no search): exact, from the index alone. */
export function countDraftsSql({ orgId, filter = {} }: { orgId: number; filter?: DraftFilter }): Prisma.Sql {
  const where = draftFilterSql({ orgId, filter, omitState: true });
  return Prisma.sql`SELECT d.state, count(*)::int AS n FROM drafts d WHERE ${Prisma.join(where, " AND ")} GROUP BY d.state`;
}

/**
 * With a search, each state's newest SEARCH_COUNT_WINDOW drafts (of the other filters) are checked against their
 * stored vector in one statement: a state whose window is not full is counted exactly there, and one whose window
 * already holds SEARCH_COUNT_BOUND matches is "at least" that. Only the states left (a full window, fewer matches: a
 * rarer word) are counted exactly from the GIN index, which is quick precisely because the word is rarer. Left to the
 * planner, a common word read every match of the organization from the GIN index (about 1 s at 100,000 drafts).
 */
export function searchWindowSql({ orgId, filter, search }: { orgId: number; filter: DraftFilter; search: string }): Prisma.Sql {
  const where = draftFilterSql({ orgId, filter, omitState: true, omitSearch: true });
  return Prisma.sql`SELECT s.state, x.walked, x.hits
    FROM unnest(CAST(${STATES} AS "DraftState"[])) AS s(state)
    CROSS JOIN LATERAL (
      SELECT count(*)::int AS walked, (count(*) FILTER (WHERE w.search_vector @@ to_tsquery('simple'::regconfig, ${search})))::int AS hits
      FROM (SELECT d.search_vector FROM drafts d WHERE ${Prisma.join(where, " AND ")} AND d.state = s.state
            ORDER BY d.id DESC LIMIT ${SEARCH_COUNT_WINDOW}) w
    ) x`;
}

export function searchIndexSql({ orgId, filter, search, states }: { orgId: number; filter: DraftFilter; search: string; states: DraftState[] }): Prisma.Sql {
  const where = draftFilterSql({ orgId, filter, omitState: true, omitSearch: true });
  // MATERIALIZED keeps the planner from turning this back into a walk of the state index.
  return Prisma.sql`WITH hits AS MATERIALIZED (SELECT h.id FROM drafts h WHERE h.organization_id = ${orgId}
      AND h.state = ANY(CAST(${states} AS "DraftState"[])) AND h.search_vector @@ to_tsquery('simple'::regconfig, ${search}))
    SELECT d.state, count(*)::int AS n FROM drafts d WHERE d.id IN (SELECT id FROM hits) AND ${Prisma.join(where, " AND ")} GROUP BY d.state`;
}

/** The counts through `run` (the pool in the route; the benchmark's own pool when it times the statements). */
export async function countDraftRows({ orgId, filter = {}, run = onPool }: { orgId: number; filter?: DraftFilter; run?: Run }): Promise<DraftCounts> {
  const perState = new Map<DraftState, number>();
  const bounded = new Set<DraftState>();
  const search = toSearchQuery(filter.q);
  if (!search) {
    for (const row of await run(countDraftsSql({ orgId, filter }))) perState.set(row.state as DraftState, Number(row.n));
  } else {
    const left: DraftState[] = [];
    for (const row of await run(searchWindowSql({ orgId, filter, search }))) {
      const state = row.state as DraftState;
      const [walked, hits] = [Number(row.walked), Number(row.hits)];
      if (hits >= SEARCH_COUNT_BOUND) bounded.add(state);
      else if (walked >= SEARCH_COUNT_WINDOW) left.push(state);
      perState.set(state, Math.min(hits, SEARCH_COUNT_BOUND));
    }
    if (left.length) {
      for (const row of await run(searchIndexSql({ orgId, filter, search, states: left }))) perState.set(row.state as DraftState, Number(row.n));
    }
  }
  return toTabs(perState, bounded);
}

export function countDrafts({ orgId, filter = {} }: { orgId: number; filter?: DraftFilter }): Promise<DraftCounts> {
  return countDraftRows({ orgId, filter });
}

/** States into tabs; a tab with a bounded state is itself "at least" the bound. */
function toTabs(perState: Map<DraftState, number>, bounded: Set<DraftState>): DraftCounts {
  const counts: DraftCounts = { review: 0, approved: 0, sent: 0, replied: 0, rejected: 0, all: 0, atLeast: [] };
  for (const [state, n] of perState) {
    counts[TAB_OF[state]] += n;
    counts.all += n;
  }
  for (const tab of new Set([...bounded].map((s) => TAB_OF[s]))) {
    counts[tab] = SEARCH_COUNT_BOUND;
    counts.atLeast.push(tab);
  }
  // All is the sum of the tabs: with a floor among them it is a floor too ("1,010+").
  if (counts.atLeast.length) counts.atLeast.push("all");
  return counts;
}
