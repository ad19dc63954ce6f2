import { db } from "@/lib/db/client";
import type { DraftActor } from "@/lib/drafts/actor";
import { changeDraft } from "@/lib/drafts/change-draft";
import { getDraftOrThrow } from "@/lib/drafts/get-draft";
import { restoreLosingVariants } from "@/lib/drafts/restore-losing-variants";
import { reviewStateBefore } from "@/lib/drafts/review-state-before";

/**
 * Takes back a review decision (Reopen, and the inbox's Undo): an approved (unsent) or rejected draft returns to the
 * review state it left, and an approval's variant cascade is undone with it.
 */
export async function reopenDraft({ orgId, id, version, actor, reason }: { orgId: number; id: number; version?: number; actor: DraftActor; reason?: string }) {
  await db.$transaction(async (tx) => {
    const { before } = await changeDraft(tx, {
      orgId, id, version, actor, action: "reopen", event: "reopened", lockGroup: true,
      to: () => reviewStateBefore(tx, { orgId, draftId: id }),
      details: () => (reason ? { reason } : {}),
    });
    if (before.state === "approved" && before.variantGroupId !== null) {
      await restoreLosingVariants(tx, { orgId, winnerId: id, variantGroupId: before.variantGroupId, actor });
    }
  });
  return getDraftOrThrow({ orgId, id });
}
