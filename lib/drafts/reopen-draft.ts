import { db } from "@/lib/db/client";
import type { DraftActor } from "@/lib/drafts/actor";
import { changeDraft } from "@/lib/drafts/change-draft";
import { getDraftOrThrow } from "@/lib/drafts/get-draft";
import { restoreLosingVariants } from "@/lib/drafts/restore-losing-variants";
import { reviewStateBefore, stateBeforeDecision } from "@/lib/drafts/review-state-before";

/**
 * Takes back a review decision (Reopen, and the inbox's Undo): an approved (unsent) or rejected draft returns to the
 * review state it left, and an approval's variant cascade is undone with it. With `restore` (the inbox's Undo) a
 * rejection is taken back to whatever came before it, approved included (stateBeforeDecision).
 */
export async function reopenDraft(
  { orgId, id, version, actor, reason, restore = false }: { orgId: number; id: number; version?: number; actor: DraftActor; reason?: string; restore?: boolean },
) {
  await db.$transaction(async (tx) => {
    const { before } = await changeDraft(tx, {
      orgId, id, version, actor, action: "reopen", event: "reopened", lockGroup: true,
      to: (draft) => (restore ? stateBeforeDecision(tx, { orgId, draftId: id, variantGroupId: draft.variantGroupId }) : reviewStateBefore(tx, { orgId, draftId: id })),
      details: () => ({ ...(reason ? { reason } : {}), ...(restore ? { undo: true } : {}) }),
    });
    if (before.state === "approved" && before.variantGroupId !== null) {
      await restoreLosingVariants(tx, { orgId, winnerId: id, variantGroupId: before.variantGroupId, actor });
    }
  });
  return getDraftOrThrow({ orgId, id });
}
