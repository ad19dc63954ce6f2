// Retry of a failed reply drafting run (SPEC "Reply drafting": the thread shows a Retry when the drafting run
// failed). A new reply_drafting run takes over the same placeholder: drafting_run_id points at it, so the failed
// run's tools, if it ever came back, no longer reach the draft.
import { db } from "@/lib/db/client";
import { AppError, notFound } from "@/lib/http/errors";
import type { DraftActor } from "@/lib/drafts/actor";
import { changeDraft } from "@/lib/drafts/change-draft";
import { canonicalHandle } from "@/lib/contacts/canonical-handle";
import { startRun, type StartedRun } from "@/lib/runs/start-run";
import { chooseReplyRunner } from "@/lib/replies/choose-reply-runner";
import { REPLY_DRAFTER_PLAYBOOK, REPLY_DRAFTING_KIND } from "@/lib/replies/enqueue-reply-drafting";
import { FOLLOWUP_DRAFTER_PLAYBOOK, FOLLOWUP_DRAFTING_KIND, isFollowupKind } from "@/lib/followups/enqueue-followup-drafting";

export async function retryReplyDrafting({ orgId, id, actor }: { orgId: number; id: number; actor: DraftActor }): Promise<StartedRun> {
  const draft = await db.draft.findFirst({
    where: { id, organizationId: orgId },
    select: {
      kind: true, draftingRunId: true, parentMessageId: true, campaignId: true, projectId: true, platform: true, targetUser: true,
      followsDraftId: true, followupStep: true,
    },
  });
  if (!draft) throw notFound("Draft");
  const optedOut = await db.contactHistory.findFirst({
    where: { organizationId: orgId, platform: draft.platform, targetUser: canonicalHandle(draft.targetUser), optedOutAt: { not: null } },
    select: { id: true },
  });
  if (optedOut) throw new AppError("conflict", `${canonicalHandle(draft.targetUser)} asked not to be contacted, so no reply is drafted; undo the opt-out on the People page first`);
  const previousRunId = draft.draftingRunId;
  if (previousRunId === null) throw new AppError("conflict", "This reply has already been drafted; there is nothing to retry");
  const previous = await db.run.findFirst({ where: { id: previousRunId, organizationId: orgId }, select: { status: true, params: true } });
  if (previous?.status === "running") {
    throw new AppError("conflict", "This reply is still being drafted", { runId: previousRunId });
  }
  // The campaign's runner when it can run, else another that can (the same choice as when the reply arrived); when
  // none can, 422 with what to do, and the placeholder keeps its failed run.
  const { runner, cannotRun } = await chooseReplyRunner({ orgId, campaignId: draft.campaignId, projectId: draft.projectId });
  if (cannotRun) throw new AppError("runner_unavailable", cannotRun.replace(", so no drafting run was started", ""), { runner });

  const earlier = (previous?.params ?? {}) as { parentDraftId?: unknown };
  // A follow-up (docs/sequences.md) is retried the same way, by a new follow-up drafting run.
  const followup = isFollowupKind(draft.kind);
  const kind = followup ? FOLLOWUP_DRAFTING_KIND : REPLY_DRAFTING_KIND;
  const started = await startRun({
    orgId,
    kind,
    runner,
    playbookSlug: followup ? FOLLOWUP_DRAFTER_PLAYBOOK : REPLY_DRAFTER_PLAYBOOK,
    campaignId: draft.campaignId,
    projectId: draft.projectId,
    trigger: "retry",
    params: followup
      ? { draftId: id, followsDraftId: draft.followsDraftId, step: draft.followupStep }
      : { draftId: id, parentDraftId: typeof earlier.parentDraftId === "number" ? earlier.parentDraftId : null, messageId: draft.parentMessageId },
    exclusive: { kind, params: { path: ["draftId"], equals: id } },
    alsoInTx: async (tx, runId) => {
      await changeDraft(tx, {
        orgId, id, actor, action: "regenerate", event: followup ? "followup_drafting_enqueued" : "reply_drafting_enqueued",
        // Re-checked under the row lock: a concurrent retry or a late finish may have got there first.
        guard: async (locked) => {
          if (locked.draftingRunId !== previousRunId) throw new AppError("conflict", "This reply's drafting changed meanwhile; reload and try again");
        },
        data: () => ({ draftingRunId: runId }),
        details: () => ({ runId, retry: true, previousRunId }),
      });
    },
  });
  if (started.alreadyRunning) throw new AppError("conflict", "This reply is still being drafted", { runId: started.runId });
  return started;
}
