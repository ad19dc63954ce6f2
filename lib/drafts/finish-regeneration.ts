import type { Tx } from "@/lib/db/client";
import type { DraftActor } from "@/lib/drafts/actor";
import { changeDraft } from "@/lib/drafts/change-draft";

/**
 * The draft-regenerator's finish step: overwrites the body, bumps the version, keeps the previous body for undo
 * and stores the new quality score. Refused (409) when the draft left review meanwhile, e.g. it was approved.
 */
export async function finishRegeneration(
  tx: Tx,
  input: { orgId: number; draftId: number; runId: number; body: string; qualityScore?: number; qualityReason?: string; qualityModel?: string },
) {
  const actor: DraftActor = { type: "run", id: input.runId };
  return changeDraft(tx, {
    orgId: input.orgId, id: input.draftId, actor, action: "regenerate", event: "regeneration_finished",
    data: (draft) => ({
      body: input.body,
      previousBody: draft.body,
      bodyEdited: false,
      qualityScore: input.qualityScore ?? null,
      qualityReason: input.qualityReason ?? null,
      qualityModel: input.qualityModel ?? null,
    }),
    details: (draft) => ({ runId: input.runId, previousBody: draft.body }),
  });
}
