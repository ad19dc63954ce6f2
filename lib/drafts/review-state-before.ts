import type { Tx } from "@/lib/db/client";
import type { DraftState } from "@/lib/generated/prisma/enums";
import { REVIEW_STATES } from "@/lib/drafts/transitions";

/**
 * The review state a draft was in before its latest approval or rejection, read from that decision's event
 * (`details.from`). A continuation proposed in a conversation goes back to `proposed`, not to the outreach queue;
 * anything else (an armed draft that was then rejected, a row without events) goes back to `pending_review`.
 */
export async function reviewStateBefore(tx: Tx, { orgId, draftId }: { orgId: number; draftId: number }): Promise<DraftState> {
  const decision = await tx.draftEvent.findFirst({
    where: { organizationId: orgId, draftId, event: { in: ["approved", "rejected"] } },
    orderBy: { id: "desc" },
    select: { details: true },
  });
  const from = (decision?.details as { from?: unknown } | null)?.from;
  return REVIEW_STATES.find((s) => s === from) ?? "pending_review";
}
