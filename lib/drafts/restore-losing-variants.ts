import type { Tx } from "@/lib/db/client";
import type { DraftActor } from "@/lib/drafts/actor";
import { recordDraftEvent } from "@/lib/drafts/record-draft-event";
import { REVIEW_STATES } from "@/lib/drafts/transitions";

/**
 * Taking back an approval takes back what it caused: the siblings that lost to this draft (their latest event is the
 * `variant_lost` rejection naming it, so nobody has touched them since) return to the review state they were in.
 * Runs inside the reopen's transaction with the variant group locked.
 */
export async function restoreLosingVariants(
  tx: Tx,
  { orgId, winnerId, variantGroupId, actor }: { orgId: number; winnerId: number; variantGroupId: string; actor: DraftActor },
): Promise<number[]> {
  const siblings = await tx.draft.findMany({
    where: { organizationId: orgId, variantGroupId, id: { not: winnerId }, state: "rejected" },
    select: { id: true, version: true, events: { orderBy: { id: "desc" }, take: 1, select: { event: true, details: true } } },
    orderBy: { id: "asc" },
  });
  const restored: number[] = [];
  for (const sibling of siblings) {
    const last = sibling.events[0];
    const details = (last?.details ?? {}) as { reason?: unknown; winnerDraftId?: unknown; from?: unknown };
    if (last?.event !== "rejected" || details.reason !== "variant_lost" || details.winnerDraftId !== winnerId) continue;
    const to = REVIEW_STATES.find((s) => s === details.from) ?? "pending_review";
    const { count } = await tx.draft.updateMany({
      where: { organizationId: orgId, id: sibling.id, version: sibling.version, state: "rejected" },
      data: { state: to, version: { increment: 1 } },
    });
    if (count === 0) continue;
    await recordDraftEvent(tx, {
      orgId, draftId: sibling.id, event: "reopened", actor,
      details: { reason: "variant_restored", winnerDraftId: winnerId, from: "rejected", to, version: sibling.version + 1 },
    });
    restored.push(sibling.id);
  }
  return restored;
}
