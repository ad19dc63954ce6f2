// Writes an inbound reply's intent (docs/conversations.md "Reply intent") inside the caller's transaction: the
// message's intent, confidence, reason and source; the thread's intent when this is the person's latest message;
// and a `reply_intent_set` event on the draft it answered, which brings that draft's outcome day back to the rollups
// (positive replies are counted there) and shows in the audit feed.
import type { Tx } from "@/lib/db/client";
import { actorColumns, type DraftActor } from "@/lib/drafts/actor";
import type { IntentSource, ReplyIntentJudgement } from "@/lib/replies/reply-intent";

export async function setReplyIntent(
  tx: Tx,
  { orgId, messageId, judgement, source, actor }: { orgId: number; messageId: number; judgement: ReplyIntentJudgement; source: IntentSource; actor: DraftActor },
): Promise<void> {
  const confidence = Math.min(Math.max(judgement.confidence, 0), 1);
  const reason = judgement.reason.replace(/\s+/g, " ").trim().slice(0, 300);
  const message = await tx.conversationMessage.update({
    where: { id: messageId, organizationId: orgId },
    data: { intent: judgement.intent, intentConfidence: confidence, intentReason: reason, intentSource: source },
    select: { threadId: true, answeredDraftId: true },
  });
  // The thread shows its person's latest message's intent: an earlier one corrected later changes nothing there.
  await tx.$executeRaw`
    UPDATE conversation_threads t SET intent = ${judgement.intent}
     WHERE t.id = ${message.threadId} AND t.organization_id = ${orgId}
       AND ${messageId} = (SELECT m.id FROM conversation_messages m
                            WHERE m.organization_id = ${orgId} AND m.thread_id = t.id AND m.direction = 'inbound'
                            ORDER BY m.sent_at DESC, m.id DESC LIMIT 1)`;
  if (message.answeredDraftId !== null) {
    await tx.draftEvent.create({
      data: {
        organizationId: orgId, draftId: message.answeredDraftId, event: "reply_intent_set", ...actorColumns(actor),
        details: { messageId, intent: judgement.intent, confidence, reason, source },
      },
    });
  }
}
