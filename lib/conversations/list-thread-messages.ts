// The stored messages of one thread, oldest first (sent_at, then id so equal times keep their arrival order).
import { db } from "@/lib/db/client";
import { draftIdOfMessage } from "@/lib/conversations/schemas";
import type { IntentSource, ReplyIntent } from "@/lib/replies/reply-intent";

export interface ThreadMessageView {
  id: number;
  direction: "inbound" | "outbound";
  author: string;
  body: string;
  sentAt: string;
  permalink: string | null;
  /** For our own messages: the draft whose text was sent. */
  draftId: number | null;
  /** For theirs: what the reply means, how sure (0-1), why, and who said so (docs/conversations.md "Reply intent"). */
  intent: { intent: ReplyIntent; confidence: number | null; reason: string | null; source: IntentSource | null } | null;
}

export async function listThreadMessages({ orgId, threadId }: { orgId: number; threadId: number }): Promise<ThreadMessageView[]> {
  const rows = await db.conversationMessage.findMany({
    where: { organizationId: orgId, threadId },
    orderBy: [{ sentAt: "asc" }, { id: "asc" }],
    select: {
      id: true, direction: true, author: true, body: true, sentAt: true, permalink: true, externalId: true,
      intent: true, intentConfidence: true, intentReason: true, intentSource: true,
    },
  });
  return rows.map((m) => ({
    id: m.id,
    direction: m.direction === "outbound" ? "outbound" : "inbound",
    author: m.author,
    body: m.body,
    sentAt: m.sentAt.toISOString(),
    permalink: m.permalink,
    draftId: m.direction === "outbound" ? draftIdOfMessage(m.externalId) : null,
    intent: m.direction === "inbound" && m.intent
      ? { intent: m.intent as ReplyIntent, confidence: m.intentConfidence, reason: m.intentReason, source: m.intentSource as IntentSource | null }
      : null,
  }));
}
