// What `reply_draft_start` hands the reply-drafter (docs/agent-tools.md): the placeholder it fills in, the draft
// that was answered, the whole thread oldest first, the persona it writes as and the rubric it scores against.
import { db } from "@/lib/db/client";
import { AppError, notFound } from "@/lib/http/errors";
import { getAppConfig } from "@/lib/config/get-app-config";
import { listThreadMessages } from "@/lib/conversations/list-thread-messages";
import { getReplyRunParams } from "@/lib/replies/reply-run-params";

export async function getReplyContext({ orgId, runId }: { orgId: number; runId: number }) {
  const params = await getReplyRunParams({ orgId, runId });
  const reply = await db.draft.findFirst({
    where: { id: params.draftId, organizationId: orgId },
    select: {
      id: true, version: true, kind: true, draftingRunId: true, parentMessageId: true,
      parentMessage: { select: { thread: { select: { id: true, kind: true, parentDraftId: true } } } },
    },
  });
  if (!reply) throw notFound("Reply draft");
  // A retry hands the placeholder to a newer run; the older one must not work on it any more.
  if (reply.draftingRunId !== runId) throw new AppError("conflict", `Reply draft ${reply.id} is no longer drafted by this run`);
  const thread = reply.parentMessage?.thread;
  if (!thread) throw new AppError("conflict", `Reply draft ${reply.id} has lost the message it answers`);

  const parent = await db.draft.findFirst({
    where: { id: params.parentDraftId ?? thread.parentDraftId, organizationId: orgId },
    select: {
      id: true, kind: true, body: true, title: true, targetUser: true, targetCommunity: true, targetUrl: true, accountHandle: true, sentAt: true,
      platform: true, account: { select: { id: true, platformId: true, displayName: true } },
    },
  });
  if (!parent) throw notFound("Parent draft");
  const [messages, { quality_rubric }] = await Promise.all([listThreadMessages({ orgId, threadId: thread.id }), getAppConfig({ orgId })]);

  return {
    replyDraft: { id: reply.id, version: reply.version, kind: reply.kind, parentMessageId: reply.parentMessageId },
    parentDraft: {
      id: parent.id, kind: parent.kind, body: parent.body, targetUser: parent.targetUser, targetCommunity: parent.targetCommunity,
      targetUrl: parent.targetUrl, accountHandle: parent.accountHandle, sentAt: parent.sentAt?.toISOString() ?? null,
    },
    thread: {
      id: thread.id,
      kind: thread.kind,
      messages: messages.map(({ id, direction, author, body, sentAt, permalink, intent }) => ({ id, direction, author, body, sentAt, permalink, ...(intent ? { intent } : {}) })),
    },
    // The message this reply answers, as the rule pass sorted it: reply_draft_finish takes the agent's own reading.
    answering: (() => {
      const m = messages.find((x) => x.id === reply.parentMessageId);
      return m ? { messageId: m.id, intent: m.intent } : null;
    })(),
    platform: parent.platform,
    persona: { accountId: parent.account?.id ?? null, handle: parent.account?.platformId ?? parent.accountHandle, displayName: parent.account?.displayName ?? null },
    qualityRubric: quality_rubric,
  };
}
