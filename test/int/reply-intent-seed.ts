// A sent draft of an organization with a one-message thread: an inbound reply whose intent the rule pass set, for the
// bad-input and cross-tenant cases of PUT /api/messages/[id]/intent.
import { db } from "@/lib/db/client";
import { createAccountRow, createProject, uid } from "./fixtures";

export async function seedInboundReply(orgId: number) {
  const p = await createProject(orgId);
  const acc = await createAccountRow(orgId, p.id);
  const draft = await db.draft.create({
    data: { organizationId: orgId, projectId: p.id, accountId: acc.id, kind: "dm", platform: "forum", accountHandle: acc.platformId, targetUser: `t_${uid()}`, body: "Hello", state: "replied", sentAt: new Date() },
  });
  const thread = await db.conversationThread.create({
    data: { organizationId: orgId, platform: "forum", accountHandle: acc.platformId, targetUser: draft.targetUser, kind: "dm", parentDraftId: draft.id, lastMessageAt: new Date(), messageCount: 1, intent: "other" },
  });
  const message = await db.conversationMessage.create({
    data: {
      organizationId: orgId, threadId: thread.id, direction: "inbound", author: draft.targetUser, body: "Thanks, maybe.", externalId: `m_${uid()}`, sentAt: new Date(),
      intent: "other", intentConfidence: 0.2, intentReason: "No rule matched", intentSource: "rules", answeredDraftId: draft.id,
    },
  });
  return { draft, thread, message };
}
