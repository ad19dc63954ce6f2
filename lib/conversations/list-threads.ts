// The People page's Threads tab: conversations newest activity first, keyset-paged on (last_message_at, id), each
// with its last message and what its open replies need from the reviewer.
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/http/errors";
import type { ThreadKind } from "@/lib/generated/prisma/enums";
import { findOpenReplies, mostUrgent, type ReplyStatus } from "@/lib/conversations/find-open-replies";

export interface ThreadSummary {
  id: number;
  platform: string;
  accountHandle: string;
  targetUser: string;
  kind: ThreadKind;
  messageCount: number;
  lastMessageAt: string;
  lastMessage: { direction: "inbound" | "outbound"; author: string; body: string } | null;
  replyStatus: ReplyStatus | null;
  openReplies: number;
}

export interface ThreadCursor {
  at: Date;
  id: number;
}

export function encodeThreadCursor(c: ThreadCursor): string {
  return Buffer.from(JSON.stringify([c.at.toISOString(), c.id])).toString("base64url");
}

export function decodeThreadCursor(raw: string): ThreadCursor {
  try {
    const [at, id] = JSON.parse(Buffer.from(raw, "base64url").toString("utf8")) as [unknown, unknown];
    const date = new Date(String(at));
    if (typeof at === "string" && !Number.isNaN(date.getTime()) && Number.isSafeInteger(id) && (id as number) > 0) return { at: date, id: id as number };
  } catch {}
  throw new AppError("bad_request", "Invalid cursor: pass the nextCursor of the previous page");
}

export async function listThreads({ orgId, cursor, limit = 50 }: { orgId: number; cursor?: ThreadCursor; limit?: number }) {
  const rows = await db.conversationThread.findMany({
    where: {
      organizationId: orgId,
      ...(cursor ? { OR: [{ lastMessageAt: { lt: cursor.at } }, { lastMessageAt: cursor.at, id: { lt: cursor.id } }] } : {}),
    },
    orderBy: [{ lastMessageAt: "desc" }, { id: "desc" }],
    take: limit + 1,
    select: { id: true, platform: true, accountHandle: true, targetUser: true, kind: true, messageCount: true, lastMessageAt: true },
  });
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
    return {
      ...t,
      lastMessageAt: t.lastMessageAt.toISOString(),
      lastMessage: last ? { direction: last.direction === "outbound" ? "outbound" : "inbound", author: last.author, body: last.body } : null,
      replyStatus: mostUrgent(replies),
      openReplies: replies.length,
    };
  });
  const tail = page[page.length - 1];
  return { threads, nextCursor: rows.length > limit && tail ? encodeThreadCursor({ at: tail.lastMessageAt, id: tail.id }) : null };
}
