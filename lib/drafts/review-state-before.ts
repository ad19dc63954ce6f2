import type { Tx } from "@/lib/db/client";
import type { DraftState } from "@/lib/generated/prisma/enums";
import { REVIEW_STATES } from "@/lib/drafts/transitions";
import { AppError } from "@/lib/http/errors";

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

/**
 * Undo of a decision: the state the draft had before its latest approval or rejection, whatever it was. An approved
 * (or armed) draft rejected by mistake is approved again, not sent back to review; armed goes back to approved since
 * the compose page that armed it is gone. A variant whose group has chosen another winner since cannot win again.
 */
export async function stateBeforeDecision(tx: Tx, { orgId, draftId, variantGroupId }: { orgId: number; draftId: number; variantGroupId: string | null }): Promise<DraftState> {
  const decision = await tx.draftEvent.findFirst({
    where: { organizationId: orgId, draftId, event: { in: ["approved", "rejected"] } },
    orderBy: { id: "desc" },
    select: { event: true, details: true },
  });
  const from = (decision?.details as { from?: unknown } | null)?.from;
  if (decision?.event !== "rejected" || (from !== "approved" && from !== "armed")) return reviewStateBefore(tx, { orgId, draftId });
  if (variantGroupId !== null) {
    const winner = await tx.draft.findFirst({
      where: { organizationId: orgId, variantGroupId, id: { not: draftId }, state: { in: ["approved", "armed", "sent", "replied"] } },
      select: { id: true },
    });
    if (winner) throw new AppError("conflict", `Another variant (#${winner.id}) was chosen since; reopen this one to review it again`);
  }
  return "approved";
}
