// The thread page (/conversations/<id>, SPEC 1.6): the thread, the draft that opened it, every message in
// chronological order, and the replies still open (being drafted, in review or approved but not sent).
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/http/errors";
import type { ThreadKind } from "@/lib/generated/prisma/enums";
import { draftSelect, toDraftView, type DraftView } from "@/lib/drafts/draft-view";
import { getDraftOrThrow } from "@/lib/drafts/get-draft";
import { listThreadMessages, type ThreadMessageView } from "@/lib/conversations/list-thread-messages";
import { findOpenReplies, type ReplyStatus } from "@/lib/conversations/find-open-replies";
import { outboundExternalId } from "@/lib/conversations/schemas";

export interface TimelineItem {
  /** Stable React key: the message id, or the draft id for a sent reply not recorded as a message yet. */
  key: string;
  messageId: number | null;
  draftId: number | null;
  direction: "inbound" | "outbound";
  author: string;
  body: string;
  sentAt: string;
  permalink: string | null;
  /** Theirs: what the reply means (docs/conversations.md "Reply intent"). */
  intent: ThreadMessageView["intent"];
}

export interface OpenReplyView {
  draft: DraftView;
  status: ReplyStatus;
  runStatus: "running" | "success" | "failed" | null;
  failureReason: string | null;
  /** No runner could draft it, so no run was started: what to do, in words. */
  notStarted: string | null;
}

export interface ThreadDetail {
  thread: {
    id: number;
    platform: string;
    accountHandle: string;
    targetUser: string;
    kind: ThreadKind;
    externalId: string | null;
    messageCount: number;
    lastMessageAt: string;
    createdAt: string;
  };
  parentDraft: DraftView;
  timeline: TimelineItem[];
  openReplies: OpenReplyView[];
}

export async function getThreadOrThrow({ orgId, id }: { orgId: number; id: number }): Promise<ThreadDetail> {
  const thread = await db.conversationThread.findFirst({
    where: { id, organizationId: orgId },
    select: {
      id: true, platform: true, accountHandle: true, targetUser: true, kind: true, externalId: true, messageCount: true,
      lastMessageAt: true, createdAt: true, parentDraftId: true,
    },
  });
  if (!thread) throw notFound("Thread");

  const [parentDraft, messages, sentReplies, open] = await Promise.all([
    getDraftOrThrow({ orgId, id: thread.parentDraftId }),
    listThreadMessages({ orgId, threadId: id }),
    db.draft.findMany({
      where: { organizationId: orgId, state: { in: ["sent", "replied"] }, parentMessage: { organizationId: orgId, threadId: id } },
      select: { id: true, accountHandle: true, body: true, sentAt: true, updatedAt: true },
    }),
    findOpenReplies({ orgId, threadIds: [id] }),
  ]);

  // Replies we sent are recorded as messages when the other side answers them; until then they show from the draft.
  const recorded = new Set(messages.flatMap((m) => (m.draftId !== null ? [outboundExternalId(m.draftId)] : [])));
  const timeline: TimelineItem[] = [
    ...messages.map((m) => ({ key: `m${m.id}`, messageId: m.id, ...m })),
    ...sentReplies
      .filter((d) => !recorded.has(outboundExternalId(d.id)))
      .map((d) => ({
        key: `d${d.id}`, messageId: null, draftId: d.id, direction: "outbound" as const, author: d.accountHandle, body: d.body,
        sentAt: (d.sentAt ?? d.updatedAt).toISOString(), permalink: null, intent: null,
      })),
  ].sort((a, b) => a.sentAt.localeCompare(b.sentAt) || (a.messageId ?? Infinity) - (b.messageId ?? Infinity));

  const openRows = open.length
    ? await db.draft.findMany({ where: { organizationId: orgId, id: { in: open.map((r) => r.draftId) } }, orderBy: { id: "asc" }, select: draftSelect })
    : [];
  const statusById = new Map(open.map((r) => [r.draftId, r]));
  return {
    thread: {
      id: thread.id, platform: thread.platform, accountHandle: thread.accountHandle, targetUser: thread.targetUser, kind: thread.kind,
      externalId: thread.externalId, messageCount: thread.messageCount, lastMessageAt: thread.lastMessageAt.toISOString(),
      createdAt: thread.createdAt.toISOString(),
    },
    parentDraft,
    timeline,
    openReplies: openRows.map((row) => {
      const s = statusById.get(row.id)!;
      return { draft: toDraftView(row), status: s.status, runStatus: s.runStatus, failureReason: s.failureReason, notStarted: s.notStarted };
    }),
  };
}
