// The People page's Threads tab: conversations newest activity first, keyset-paged on (last_message_at, id), each
// with its last message and what its open replies need from the reviewer.
import { db } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { AppError } from "@/lib/http/errors";
import type { ThreadKind } from "@/lib/generated/prisma/enums";
import { findOpenReplies, mostUrgent, type OpenReply, type ReplyStatus } from "@/lib/conversations/find-open-replies";
import { toSearchTerms } from "@/lib/drafts/search-query";
import { INTENT_RANK, REPLY_INTENTS, type ReplyIntent } from "@/lib/replies/reply-intent";
import { searchTsquerySql } from "@/lib/drafts/search-tsquery-sql";

export interface ThreadSummary {
  id: number;
  platform: string;
  accountHandle: string;
  targetUser: string;
  kind: ThreadKind;
  messageCount: number;
  lastMessageAt: string;
  /** What the person's latest reply means (docs/conversations.md "Reply intent"); null before any reply was sorted. */
  intent: ReplyIntent | null;
  lastMessage: { direction: "inbound" | "outbound"; author: string; body: string } | null;
  replyStatus: ReplyStatus | null;
  openReplies: number;
  /** The most urgent open reply, for the Threads tab's inline Approve / Reject / Retry (SPEC 1.6 "Reply drafting"). */
  reply: { draftId: number; version: number; status: ReplyStatus; body: string; notStarted: string | null } | null;
}

export interface ThreadCursor {
  at: Date;
  id: number;
  /** Sorted by intent: the intent rank of the last thread of the page. */
  rank?: number;
}

export function encodeThreadCursor(c: ThreadCursor): string {
  return Buffer.from(JSON.stringify(c.rank === undefined ? [c.at.toISOString(), c.id] : [c.at.toISOString(), c.id, c.rank])).toString("base64url");
}

export function decodeThreadCursor(raw: string): ThreadCursor {
  try {
    const [at, id, rank] = JSON.parse(Buffer.from(raw, "base64url").toString("utf8")) as [unknown, unknown, unknown];
    const date = new Date(String(at));
    if (typeof at === "string" && !Number.isNaN(date.getTime()) && Number.isSafeInteger(id) && (id as number) > 0) {
      if (rank === undefined) return { at: date, id: id as number };
      if (Number.isSafeInteger(rank) && (rank as number) >= 0 && (rank as number) <= UNSORTED_RANK) return { at: date, id: id as number, rank: rank as number };
    }
  } catch {}
  throw new AppError("bad_request", "Invalid cursor: pass the nextCursor of the previous page");
}

/** replied: the other side wrote last (the reviewer owes an answer); awaiting: we wrote last (SPEC 4 Export). */
export type ThreadFilter = "all" | "replied" | "awaiting";
export type ThreadKindFilter = "all" | "dm" | "post_comment";
/** recent: newest activity first; intent: "Interested first", then newest activity within each intent. */
export type ThreadSort = "recent" | "intent";

/** Threads whose person's reply is not sorted yet come after every intent. */
const UNSORTED_RANK = REPLY_INTENTS.length;
// The rank as SQL: one CASE over the thread's intent column, so the sort and the keyset compare use the same value.
// Written with literals (constants of this file, never input) so it is the expression of the index
// conversation_threads_intent_rank_idx and "Interested first" pages read the index in order instead of sorting.
export const INTENT_RANK_SQL = `(CASE intent ${REPLY_INTENTS.map((i) => `WHEN '${i}' THEN ${INTENT_RANK[i]}`).join(" ")} ELSE ${REPLY_INTENTS.length} END)`;
const rankSql = Prisma.raw(INTENT_RANK_SQL.replace("CASE intent", "CASE t.intent"));

/** How many of the newest threads (of the other filters) a search checks one by one before asking the indexes. */
export const THREAD_SEARCH_WINDOW = 1000;

interface ThreadRow {
  id: number; platform: string; accountHandle: string; targetUser: string; kind: ThreadKind; messageCount: number; lastMessageAt: Date; intent: string | null; rank: number;
}

// A scalar subquery with LIMIT 1 rather than EXISTS: under OR the planner may turn EXISTS into one hashed read of
// every message matching the word, in every organization, to check a thousand threads.
function threadMatchesOneByOne(orgId: number, term: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`(to_tsvector('simple'::regconfig, t.target_user) @@ ${term}
    OR (SELECT true FROM conversation_messages sm WHERE sm.organization_id = ${orgId} AND sm.thread_id = t.id AND sm.search_vector @@ ${term} LIMIT 1))`;
}

// The GIN indexes conversation_threads_target_user_search_idx and conversation_messages_search_vector_idx, each
// ANDed with the organization's own index, so one organization's search costs what its own matches cost.
function threadMatchesFromIndexes(orgId: number, term: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`t.id IN (
    SELECT th.id FROM conversation_threads th WHERE th.organization_id = ${orgId} AND to_tsvector('simple'::regconfig, th.target_user) @@ ${term}
    UNION ALL
    SELECT sm.thread_id FROM conversation_messages sm WHERE sm.organization_id = ${orgId} AND sm.search_vector @@ ${term})`;
}

export async function listThreads(
  { orgId, cursor, limit = 50, filter = "all", kind = "all", q, sort = "recent", intent }: {
    orgId: number; cursor?: ThreadCursor; limit?: number; filter?: ThreadFilter; kind?: ThreadKindFilter; q?: string; sort?: ThreadSort; intent?: ReplyIntent;
  },
) {
  const lastDirection = Prisma.sql`(SELECT m.direction FROM conversation_messages m WHERE m.organization_id = t.organization_id AND m.thread_id = t.id ORDER BY m.sent_at DESC, m.id DESC LIMIT 1)`;
  const where: Prisma.Sql[] = [Prisma.sql`t.organization_id = ${orgId}`];
  if (cursor && sort === "intent") {
    const rank = cursor.rank ?? 0;
    where.push(Prisma.sql`(${rankSql} > ${rank} OR (${rankSql} = ${rank} AND (t.last_message_at, t.id) < (${cursor.at}, ${cursor.id})))`);
  } else if (cursor) {
    where.push(Prisma.sql`(t.last_message_at, t.id) < (${cursor.at}, ${cursor.id})`);
  }
  if (intent) where.push(Prisma.sql`t.intent = ${intent}`);
  if (kind !== "all") where.push(Prisma.sql`t.kind = ${kind}::"ThreadKind"`);
  if (filter === "replied") where.push(Prisma.sql`${lastDirection} = 'inbound'`);
  if (filter === "awaiting") where.push(Prisma.sql`${lastDirection} = 'outbound'`);
  const order = sort === "intent" ? Prisma.sql`${rankSql} ASC, t.last_message_at DESC, t.id DESC` : Prisma.sql`t.last_message_at DESC, t.id DESC`;
  const select = (from: Prisma.Sql, conditions: Prisma.Sql[]) => db.$queryRaw<ThreadRow[]>`
    SELECT t.id, t.platform, t.account_handle AS "accountHandle", t.target_user AS "targetUser", t.kind, t.message_count AS "messageCount",
           t.last_message_at AS "lastMessageAt", t.intent, ${rankSql} AS rank
      FROM ${from}
     WHERE ${conditions.length ? Prisma.join(conditions, " AND ") : Prisma.sql`true`}
     ORDER BY ${order}
     LIMIT ${limit + 1}`;
  // Search: each word must match the person's handle or some message of the thread (author and text), so
  // "priya build" finds Priya's thread about builds. Two ways to find the page (docs/performance.md "People search"):
  // a word common in the newest threads fills the page from them, checked one by one; a rarer word (a handle, a name)
  // reads its matches from the GIN indexes of handles and messages, within the organization.
  const terms = (toSearchTerms(q) ?? []).map((term) => searchTsquerySql(term));
  let rows: ThreadRow[];
  if (terms.length === 0) {
    rows = await select(Prisma.sql`conversation_threads t`, where);
  } else {
    const newest = Prisma.sql`(SELECT * FROM conversation_threads t WHERE ${Prisma.join(where, " AND ")} ORDER BY ${order} LIMIT ${THREAD_SEARCH_WINDOW}) t`;
    rows = await select(newest, terms.map((term) => threadMatchesOneByOne(orgId, term)));
    // Fewer than a page in the window: the rest of the matches (if any) are older, and the indexes find them.
    if (rows.length <= limit) rows = await select(Prisma.sql`conversation_threads t`, [...where, ...terms.map((term) => threadMatchesFromIndexes(orgId, term))]);
  }
  const page = rows.slice(0, limit);
  const ids = page.map((t) => t.id);
  const [lastMessages, open] = await Promise.all([
    // One row per thread (DISTINCT ON), not every message of the page.
    ids.length
      ? db.$queryRaw<{ threadId: number; direction: string; author: string; body: string }[]>`
          SELECT DISTINCT ON (thread_id) thread_id AS "threadId", direction, author, body
          FROM conversation_messages
          WHERE organization_id = ${orgId} AND thread_id = ANY(${ids}::int[])
          ORDER BY thread_id, sent_at DESC, id DESC`
      : [],
    findOpenReplies({ orgId, threadIds: ids }),
  ]);
  const lastByThread = new Map(lastMessages.map((m) => [m.threadId, m]));
  const threads: ThreadSummary[] = page.map((t) => {
    const last = lastByThread.get(t.id);
    const replies = open.filter((r) => r.threadId === t.id);
    const { rank: _rank, ...row } = t;
    return {
      ...row,
      intent: (t.intent as ReplyIntent | null) ?? null,
      lastMessageAt: t.lastMessageAt.toISOString(),
      lastMessage: last ? { direction: last.direction === "outbound" ? "outbound" : "inbound", author: last.author, body: last.body } : null,
      replyStatus: mostUrgent(replies),
      openReplies: replies.length,
      reply: pick(replies),
    };
  });
  const tail = page[page.length - 1];
  return {
    threads,
    nextCursor: rows.length > limit && tail ? encodeThreadCursor({ at: tail.lastMessageAt, id: tail.id, ...(sort === "intent" ? { rank: tail.rank } : {}) }) : null,
  };
}

function pick(replies: OpenReply[]): ThreadSummary["reply"] {
  const status = mostUrgent(replies);
  const r = replies.find((x) => x.status === status);
  return r ? { draftId: r.draftId, version: r.version, status: r.status, body: r.body, notStarted: r.notStarted } : null;
}
