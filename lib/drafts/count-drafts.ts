// The inbox's tab counts, the sidebar's "waiting for review" number and Home's "N drafts to review". Without a search:
// one grouped COUNT over the same WHERE clause as the list (without the state, which it groups by), answered from the
// index (organization_id, state, id) alone. With a search, exact up to SEARCH_COUNT_BOUND per tab and "1,000+" past
// it, as mail clients count: a rare word or a handle is counted from the GIN index, a common one by walking the newest
// drafts of each state until the bound (docs/performance.md, "Inbox counts with a search").
import { Prisma } from "@/lib/generated/prisma/client";
import { getPool } from "@/lib/db/client";
import type { DraftState } from "@/lib/generated/prisma/enums";
import type { DraftFilter } from "@/lib/drafts/schemas";
import { draftFilterSql } from "@/lib/drafts/draft-filter-sql";
import { toSearchQuery } from "@/lib/drafts/search-query";
import { searchTsquerySql } from "@/lib/drafts/search-tsquery-sql";

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
/** Matches read through the GIN index first: a search with fewer matches is counted exactly by that one read. */
export const SEARCH_COUNT_SAMPLE = 5000;
/** The newest drafts of a state checked one by one against a common word, until SEARCH_COUNT_BOUND of them match. */
export const SEARCH_COUNT_WINDOW = 5000;

type Run = (sql: Prisma.Sql) => Promise<Array<Record<string, unknown>>>;

const onPool: Run = async (sql) => (await getPool().query(sql.text, sql.values as unknown[])).rows;

/** The plain grouped count (no search): exact, from the index alone. */
export function countDraftsSql({ orgId, filter = {} }: { orgId: number; filter?: DraftFilter }): Prisma.Sql {
  const where = draftFilterSql({ orgId, filter, omitState: true });
  return Prisma.sql`SELECT d.state, count(*)::int AS n FROM drafts d WHERE ${Prisma.join(where, " AND ")} GROUP BY d.state`;
}

/**
 * With a search, first the matches themselves, at most SEARCH_COUNT_SAMPLE of them: a rare word or a handle (the
 * usual search) is counted exactly by this read alone, from the GIN index.
 */
export function searchSampleSql({ orgId, filter }: { orgId: number; filter: DraftFilter }): Prisma.Sql {
  const where = draftFilterSql({ orgId, filter, omitState: true });
  return Prisma.sql`SELECT h.state, count(*)::int AS n
    FROM (SELECT d.state FROM drafts d WHERE ${Prisma.join(where, " AND ")} LIMIT ${SEARCH_COUNT_SAMPLE}) h GROUP BY h.state`;
}

/** The newest drafts read first to tell a common word; one in ten of them matching makes it one. */
export const SEARCH_COUNT_PROBE = 1000;

/** How many of the newest SEARCH_COUNT_PROBE drafts (of the other filters) match: a walk of the id index. */
export function searchProbeSql({ orgId, filter, search }: { orgId: number; filter: DraftFilter; search: string }): Prisma.Sql {
  const where = draftFilterSql({ orgId, filter, omitState: true, omitSearch: true });
  return Prisma.sql`SELECT count(*)::int AS hits FROM (SELECT d.search_vector FROM drafts d WHERE ${Prisma.join(where, " AND ")}
      ORDER BY d.id DESC LIMIT ${SEARCH_COUNT_PROBE}) w WHERE w.search_vector @@ ${searchTsquerySql(search)}`;
}

/**
 * A common word: each state walks its newest SEARCH_COUNT_WINDOW drafts (of the other filters) by the
 * (organization_id, state, id) index, checks their stored vector, and stops at SEARCH_COUNT_BOUND matches, which for
 * a common word come within about as many rows; and says how many drafts it has, up to one past the window, from the
 * index alone. One SELECT per state, the state written as a value: with the states from a list the planner walked the
 * primary key instead and read every draft of the organization once per state. Left to the planner, a common word
 * read every match of the organization from the GIN index (about 1 s at 100,000 drafts).
 */
export function searchWindowSql({ orgId, filter, search, states }: { orgId: number; filter: DraftFilter; search: string; states: DraftState[] }): Prisma.Sql {
  const where = Prisma.join(draftFilterSql({ orgId, filter, omitState: true, omitSearch: true }), " AND ");
  const perState = states.map((state) => {
    const inState = Prisma.sql`${where} AND d.state = CAST(${state} AS "DraftState")`;
    return Prisma.sql`SELECT CAST(${state} AS "DraftState") AS state,
      (SELECT count(*)::int FROM (SELECT 1 FROM (SELECT d.search_vector FROM drafts d WHERE ${inState} ORDER BY d.id DESC LIMIT ${SEARCH_COUNT_WINDOW}) w
        WHERE w.search_vector @@ ${searchTsquerySql(search)} LIMIT ${SEARCH_COUNT_BOUND}) m) AS hits,
      (SELECT count(*)::int FROM (SELECT 1 FROM drafts d WHERE ${inState} LIMIT ${SEARCH_COUNT_WINDOW + 1}) y) AS size`;
  });
  return Prisma.join(perState, " UNION ALL ");
}

export function searchIndexSql({ orgId, filter, search, states }: { orgId: number; filter: DraftFilter; search: string; states: DraftState[] }): Prisma.Sql {
  const where = draftFilterSql({ orgId, filter, omitState: true, omitSearch: true });
  // MATERIALIZED keeps the planner from turning this back into a walk of the state index.
  return Prisma.sql`WITH hits AS MATERIALIZED (SELECT h.id FROM drafts h WHERE h.organization_id = ${orgId}
      AND h.state = ANY(CAST(${states} AS "DraftState"[])) AND h.search_vector @@ ${searchTsquerySql(search)})
    SELECT d.state, count(*)::int AS n FROM drafts d WHERE d.id IN (SELECT id FROM hits) AND ${Prisma.join(where, " AND ")} GROUP BY d.state`;
}

/** The counts through `run` (the pool in the route; the benchmark's own pool when it times the statements). */
export async function countDraftRows({ orgId, filter = {}, run = onPool }: { orgId: number; filter?: DraftFilter; run?: Run }): Promise<DraftCounts> {
  const perState = new Map<DraftState, number>();
  const bounded = new Set<DraftState>();
  const search = toSearchQuery(filter.q);
  const grouped = async (sql: Prisma.Sql) => new Map((await run(sql)).map((row) => [row.state as DraftState, Number(row.n)]));
  if (!search) return toTabs(await grouped(countDraftsSql({ orgId, filter })), bounded);

  // A common word goes straight to the walk; a rarer one (most searches: a handle, a name) is counted from its matches.
  const [probe] = await run(searchProbeSql({ orgId, filter, search }));
  const common = Number(probe?.hits ?? 0) * 10 >= SEARCH_COUNT_PROBE;
  const sample = common ? new Map<DraftState, number>() : await grouped(searchSampleSql({ orgId, filter }));
  if (!common && [...sample.values()].reduce((a, n) => a + n, 0) < SEARCH_COUNT_SAMPLE) return toTabs(sample, bounded);

  // A state with the bound in the sample is "1,000+"; the others are walked, newest first.
  const doubtful: DraftState[] = [];
  for (const state of STATES) {
    if ((sample.get(state) ?? 0) >= SEARCH_COUNT_BOUND) bounded.add(state);
    else doubtful.push(state);
  }
  const left: DraftState[] = [];
  for (const row of await run(searchWindowSql({ orgId, filter, search, states: doubtful }))) {
    const state = row.state as DraftState;
    const hits = Number(row.hits);
    if (hits >= SEARCH_COUNT_BOUND) bounded.add(state);
    // The walk saw every draft of the state: its count is exact.
    else if (Number(row.size) <= SEARCH_COUNT_WINDOW) perState.set(state, hits);
    // Fewer matches than the bound among many drafts: a rarer word in this state, counted from the GIN index.
    else left.push(state);
  }
  if (left.length) for (const [state, n] of await grouped(searchIndexSql({ orgId, filter, search, states: left }))) perState.set(state, n);
  for (const state of bounded) perState.set(state, SEARCH_COUNT_BOUND);
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
