import type { Tx } from "@/lib/db/client";
import type { DraftActor } from "@/lib/drafts/actor";
import { recordDraftEvent } from "@/lib/drafts/record-draft-event";
import { REVIEW_STATES } from "@/lib/drafts/transitions";
import { emitDraftDecision } from "@/lib/drafts/emit-draft-decision";

/**
 * SPEC "A/B variants": once one sibling is approved or sent, every still-pending sibling is rejected with a
 * `variant_lost` event naming the winner. Runs inside the winner's transaction with the group already locked.
 */
export async function rejectLosingVariants(
  tx: Tx,
  { orgId, winnerId, variantGroupId, actor }: { orgId: number; winnerId: number; variantGroupId: string; actor: DraftActor },
): Promise<number[]> {
  const losers = await tx.draft.findMany({
    where: { organizationId: orgId, variantGroupId, id: { not: winnerId }, state: { in: [...REVIEW_STATES] } },
    select: { id: true, state: true, version: true, campaignId: true, projectId: true, runId: true },
    orderBy: { id: "asc" },
  });
  if (losers.length === 0) return [];
  await tx.draft.updateMany({
    where: { organizationId: orgId, id: { in: losers.map((d) => d.id) } },
    data: { state: "rejected", version: { increment: 1 } },
  });
  for (const loser of losers) {
    const details = { reason: "variant_lost", winnerDraftId: winnerId, from: loser.state, to: "rejected", version: loser.version + 1 };
    const recorded = await recordDraftEvent(tx, { orgId, draftId: loser.id, event: "rejected", actor, details });
    await emitDraftDecision(tx, { orgId, type: "draft.rejected", event: recorded, draft: loser, from: loser.state, to: "rejected", version: loser.version + 1, actor, details });
  }
  return losers.map((d) => d.id);
}
