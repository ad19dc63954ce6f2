import { db } from "@/lib/db/client";
import type { DraftActor } from "@/lib/drafts/actor";
import { changeDraft } from "@/lib/drafts/change-draft";
import { getDraftOrThrow } from "@/lib/drafts/get-draft";
import { lockedDraftSelect } from "@/lib/drafts/change-draft";
import { notFound } from "@/lib/http/errors";
import { SendHeld, takeSendSlot } from "@/lib/sending/take-send-slot";
import { holdDraft } from "@/lib/sending/hold-draft";

/**
 * The extension opened the draft's compose page. Opening it again changes nothing. A draft the account's sending
 * limits or an opt-out would hold if it were sent now is held here already (409 `held`), before the person writes it
 * on the platform: arming only checks, and the `sent` call takes the slot.
 */
export async function armDraft({ orgId, id, version, actor, at = new Date() }: { orgId: number; id: number; version?: number; actor: DraftActor; at?: Date }) {
  const current = await getDraftOrThrow({ orgId, id });
  if (current.state === "approved" || current.state === "armed") {
    try {
      await db.$transaction(async (tx) => {
        const draft = await tx.draft.findFirst({ where: { id, organizationId: orgId }, select: lockedDraftSelect });
        if (!draft) throw notFound("Draft");
        await takeSendSlot(tx, { orgId, draft, at, mode: "check" });
      });
    } catch (err) {
      if (err instanceof SendHeld) throw await holdDraft({ orgId, draftId: id, held: err, actor });
      throw err;
    }
  }
  if (current.state === "armed" && (version === undefined || version === current.version)) return current;
  await db.$transaction((tx) => changeDraft(tx, { orgId, id, version, actor, action: "arm", event: "armed" }));
  return getDraftOrThrow({ orgId, id });
}
