// A draft that may not go now is held, never refused silently: its send-after time and reason are written on the
// draft (the inbox row and the draft show them), a `held` draft event keeps the record, and the caller answers 409
// `held` with the same words. The version is left alone: a hold is not an edit, and the extension's retry with the
// version it read must still match.
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/http/errors";
import { publish } from "@/lib/events/bus";
import type { DraftActor } from "@/lib/drafts/actor";
import { recordDraftEvent } from "@/lib/drafts/record-draft-event";
import type { SendHeld } from "@/lib/sending/take-send-slot";

export async function holdDraft({ orgId, draftId, held, actor }: { orgId: number; draftId: number; held: SendHeld; actor: DraftActor }): Promise<AppError> {
  await db.$transaction(async (tx) => {
    const { count } = await tx.draft.updateMany({
      where: { id: draftId, organizationId: orgId, state: { in: ["approved", "armed"] } },
      data: { heldUntil: held.sendAfter, heldReason: held.reason },
    });
    if (count === 0) return;
    await recordDraftEvent(tx, {
      orgId, draftId, event: "held", actor,
      details: { reason: held.reason, sendAfter: held.sendAfter?.toISOString() ?? null },
    });
    await publish({ o: orgId, t: "drafts:changed", ids: [draftId] }, tx);
  });
  return heldError(held);
}

export function heldError(held: SendHeld): AppError {
  const when = held.sendAfter ? `; it may go after ${held.sendAfter.toISOString()}` : "";
  return new AppError("held", `Held, not sent: ${held.reason}${when}`, {
    reason: held.reason,
    sendAfter: held.sendAfter?.toISOString() ?? null,
  });
}
