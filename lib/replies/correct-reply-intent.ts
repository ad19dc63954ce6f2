// A reviewer corrects what a reply means, in one click (docs/conversations.md "Reply intent"). The correction is kept
// as its own row (what it was, who had said so, what it is now) for tuning, and the reviewer's word then stands: a
// later drafting run does not overwrite it. Correcting to opt_out opts the person out exactly as the opt-out phrases
// do; correcting away from it leaves the opt-out for the People page's Undo, where opt-outs are lifted.
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/http/errors";
import type { DraftActor } from "@/lib/drafts/actor";
import { markOptedOutFromReply } from "@/lib/contacts/set-contact-opt-out";
import { INTENT_LABELS, type ReplyIntent } from "@/lib/replies/reply-intent";
import { setReplyIntent } from "@/lib/replies/set-reply-intent";

export interface CorrectedIntent {
  messageId: number;
  threadId: number;
  intent: ReplyIntent;
  previousIntent: string | null;
  source: "reviewer";
}

export async function correctReplyIntent(
  { orgId, messageId, intent, actor, userId, now = new Date() }: { orgId: number; messageId: number; intent: ReplyIntent; actor: DraftActor; userId: number | null; now?: Date },
): Promise<CorrectedIntent> {
  return db.$transaction(async (tx) => {
    // Locked so two reviewers clicking at once leave two corrections in order, not a lost one.
    const [message] = await tx.$queryRaw<{ id: number; threadId: number; intent: string | null; intentSource: string | null; author: string; answeredDraftId: number | null }[]>`
      SELECT id, thread_id AS "threadId", intent, intent_source AS "intentSource", author, answered_draft_id AS "answeredDraftId"
        FROM conversation_messages
       WHERE id = ${messageId} AND organization_id = ${orgId} AND direction = 'inbound'
       FOR UPDATE`;
    if (!message) throw notFound("Reply");
    await tx.replyIntentCorrection.create({
      data: { organizationId: orgId, messageId, fromIntent: message.intent, fromSource: message.intentSource, toIntent: intent, userId },
    });
    await setReplyIntent(tx, {
      orgId, messageId, source: "reviewer", actor,
      judgement: { intent, confidence: 1, reason: `${INTENT_LABELS[intent]}, said by a reviewer` },
    });
    if (intent === "opt_out" && message.intent !== "opt_out") {
      const thread = await tx.conversationThread.findFirst({
        where: { id: message.threadId, organizationId: orgId },
        select: { platform: true, accountHandle: true, parentDraft: { select: { id: true, projectId: true, sentAt: true } } },
      });
      if (thread) {
        await markOptedOutFromReply(tx, {
          orgId, platform: thread.platform, targetUser: message.author, accountHandle: thread.accountHandle, projectId: thread.parentDraft.projectId,
          draftId: message.answeredDraftId ?? thread.parentDraft.id, phrase: "Marked as opted out by a reviewer", at: now, contactedAt: thread.parentDraft.sentAt ?? now,
        });
      }
    }
    return { messageId, threadId: message.threadId, intent, previousIntent: message.intent, source: "reviewer" as const };
  });
}
