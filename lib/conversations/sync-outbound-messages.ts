// Our side of a conversation is drafts: the outreach draft that opened the thread and every reply we sent since.
// They become outbound messages of the thread here, once each (their external id is `outreach-draft:<id>`), so the
// thread, its counters and what the reply-drafter reads hold both sides in order.
import type { Tx } from "@/lib/db/client";
import { outboundExternalId } from "@/lib/conversations/schemas";

/** Drafts that have left: their text is what the other person read. */
const SENT_STATES = ["sent", "replied"] as const;

export async function syncOutboundMessages(tx: Tx, { orgId, threadId }: { orgId: number; threadId: number }): Promise<number> {
  const thread = await tx.conversationThread.findFirst({ where: { id: threadId, organizationId: orgId }, select: { parentDraftId: true } });
  if (!thread) return 0;
  const sent = await tx.draft.findMany({
    where: {
      organizationId: orgId,
      state: { in: [...SENT_STATES] },
      OR: [{ id: thread.parentDraftId }, { parentMessage: { threadId, organizationId: orgId } }],
    },
    select: { id: true, body: true, accountHandle: true, sentAt: true, updatedAt: true },
  });
  if (sent.length === 0) return 0;
  const known = await tx.conversationMessage.findMany({
    where: { organizationId: orgId, externalId: { in: sent.map((d) => outboundExternalId(d.id)) } },
    select: { externalId: true },
  });
  const recorded = new Set(known.map((m) => m.externalId));
  const missing = sent.filter((d) => !recorded.has(outboundExternalId(d.id)));
  if (missing.length === 0) return 0;
  await tx.conversationMessage.createMany({
    data: missing.map((d) => ({
      organizationId: orgId,
      threadId,
      direction: "outbound",
      author: d.accountHandle,
      body: d.body,
      externalId: outboundExternalId(d.id),
      // A send recorded before sent_at existed falls back to the draft's last change.
      sentAt: d.sentAt ?? d.updatedAt,
    })),
  });
  return missing.length;
}
