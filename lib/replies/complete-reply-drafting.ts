// `reply_draft_finish`: the continuation's body and score, the cleared drafting flag and the run's success commit in
// one transaction, so the placeholder becomes approvable exactly when its run has succeeded (SPEC "Reply drafting").
// Only the run's own placeholder is touched, and nothing is sent.
import { db, type Tx } from "@/lib/db/client";
import { AppError } from "@/lib/http/errors";
import type { DraftActor } from "@/lib/drafts/actor";
import { changeDraft } from "@/lib/drafts/change-draft";
import { commitRunTerminal } from "@/lib/runs/commit-run-terminal";
import { getReplyRunParams } from "@/lib/replies/reply-run-params";
import type { ReplyIntent } from "@/lib/replies/reply-intent";
import { setReplyIntent } from "@/lib/replies/set-reply-intent";

export interface CompleteReplyDraftingInput {
  orgId: number;
  runId: number;
  body: string;
  qualityScore: number;
  qualityReason?: string;
  qualityModel?: string;
  /** The agent's reading of the reply it answers (docs/conversations.md "Reply intent"); a reviewer's correction stands. */
  intent?: ReplyIntent;
  intentConfidence?: number;
  intentReason?: string;
}

export async function completeReplyDrafting(input: CompleteReplyDraftingInput) {
  const { orgId, runId } = input;
  const { draftId } = await getReplyRunParams({ orgId, runId });
  const actor: DraftActor = { type: "run", id: runId };
  return db.$transaction(async (tx) => {
    // The state table's body-rewrite action: refused (409) once the reviewer rejected the placeholder meanwhile.
    const { version } = await changeDraft(tx, {
      orgId, id: draftId, actor, action: "regenerate", event: "reply_drafted",
      guard: async (draft) => {
        if (draft.draftingRunId !== runId) throw new AppError("conflict", `Reply draft ${draftId} is no longer drafted by this run`);
      },
      data: () => ({
        body: input.body,
        bodyEdited: false,
        qualityScore: input.qualityScore,
        qualityReason: input.qualityReason ?? null,
        qualityModel: input.qualityModel ?? null,
        draftingRunId: null,
      }),
      details: (draft) => ({ runId, previousBody: draft.body, qualityScore: input.qualityScore }),
    });
    if (input.intent) await setRunIntent(tx, { orgId, runId, draftId, intent: input.intent, confidence: input.intentConfidence, reason: input.intentReason });
    const committed = await commitRunTerminal(tx, { orgId, runId, status: "success", params: { replyDraftId: draftId, replyVersion: version } });
    if (!committed) throw new AppError("conflict", `Run ${runId} has already finished`);
    return { draftId, version };
  });
}

/** The run's reading replaces the rule pass's first guess, never a reviewer's correction. */
async function setRunIntent(
  tx: Tx,
  { orgId, runId, draftId, intent, confidence, reason }: { orgId: number; runId: number; draftId: number; intent: ReplyIntent; confidence?: number; reason?: string },
) {
  const reply = await tx.draft.findFirst({ where: { id: draftId, organizationId: orgId }, select: { parentMessageId: true } });
  if (reply?.parentMessageId == null) return;
  const message = await tx.conversationMessage.findFirst({
    where: { id: reply.parentMessageId, organizationId: orgId, direction: "inbound" },
    select: { id: true, intentSource: true },
  });
  if (!message || message.intentSource === "reviewer") return;
  await setReplyIntent(tx, {
    orgId, messageId: message.id, source: "run", actor: { type: "run", id: runId },
    // Without a stated confidence the agent's reading is taken as fairly sure: it read the whole thread.
    judgement: { intent, confidence: confidence ?? 0.8, reason: reason ?? "Read by the agent that drafted the reply" },
  });
}
