// `draft_regen_finish`: the new body (with its score) and the run's success commit together, so a regeneration
// either lands whole or not at all. Only the run's own draft is touched.
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/http/errors";
import { commitRunTerminal } from "@/lib/runs/commit-run-terminal";
import { finishRegeneration } from "@/lib/drafts/finish-regeneration";
import { regenerationDraftId } from "@/lib/drafts/get-regeneration-context";

export interface CompleteRegenerationInput {
  orgId: number;
  runId: number;
  body: string;
  title?: string;
  qualityScore: number;
  qualityReason?: string;
  qualityModel?: string;
}

export async function completeRegeneration(input: CompleteRegenerationInput) {
  const draftId = await regenerationDraftId(input);
  return db.$transaction(async (tx) => {
    const { version } = await finishRegeneration(tx, { ...input, draftId });
    if (input.title !== undefined) await tx.draft.updateMany({ where: { id: draftId, organizationId: input.orgId }, data: { title: input.title } });
    const committed = await commitRunTerminal(tx, { orgId: input.orgId, runId: input.runId, status: "success", params: { regeneratedVersion: version } });
    if (!committed) throw new AppError("conflict", `Run ${input.runId} has already finished`);
    return { draftId, version };
  });
}
