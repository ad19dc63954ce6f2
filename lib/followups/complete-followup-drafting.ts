// `followup_draft_finish`: the follow-up's body and score, the cleared drafting flag and the run's success commit in
// one transaction, so the placeholder becomes approvable exactly when its run has succeeded. Only the run's own
// placeholder is touched (a withdrawn one is refused: 409), and nothing is sent.
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/http/errors";
import type { DraftActor } from "@/lib/drafts/actor";
import { changeDraft } from "@/lib/drafts/change-draft";
import { commitRunTerminal } from "@/lib/runs/commit-run-terminal";
import { getFollowupRunParams } from "@/lib/followups/followup-run-params";

export interface CompleteFollowupDraftingInput {
  orgId: number;
  runId: number;
  body: string;
  qualityScore: number;
  qualityReason?: string;
  qualityModel?: string;
}

export async function completeFollowupDrafting(input: CompleteFollowupDraftingInput) {
  const { orgId, runId } = input;
  const { draftId } = await getFollowupRunParams({ orgId, runId });
  const actor: DraftActor = { type: "run", id: runId };
  return db.$transaction(async (tx) => {
    const { version } = await changeDraft(tx, {
      orgId, id: draftId, actor, action: "regenerate", event: "followup_drafted",
      guard: async (draft) => {
        if (draft.draftingRunId !== runId) throw new AppError("conflict", `Follow-up draft ${draftId} is no longer drafted by this run`);
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
    const committed = await commitRunTerminal(tx, { orgId, runId, status: "success", params: { followupDraftId: draftId, followupVersion: version } });
    if (!committed) throw new AppError("conflict", `Run ${runId} has already finished`);
    return { draftId, version };
  });
}
