// The one send path, shared by the manual send (PATCH state "sent") and the extension's sent call.
import type { Prisma } from "@/lib/generated/prisma/client";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/http/errors";
import type { DraftActor } from "@/lib/drafts/actor";
import { changeDraft } from "@/lib/drafts/change-draft";
import { getDraftOrThrow } from "@/lib/drafts/get-draft";
import { loadBlocklistRules } from "@/lib/blocklist/load-blocklist-rules";
import { matchBlocklist } from "@/lib/blocklist/match-blocklist";
import { recordContact } from "@/lib/contacts/record-contact";
import { addressesPerson } from "@/lib/contacts/canonical-handle";
import { isPublicKind, nextScheduledCheck } from "@/lib/removal-checks/removal-policy";
import { visibilityTargetOf } from "@/lib/removal-checks/visibility-target";
import { SendHeld, takeSendSlot } from "@/lib/sending/take-send-slot";
import { holdDraft } from "@/lib/sending/hold-draft";

/**
 * Flips a draft to `sent`: the blocklist is consulted again (an entry added after approval still stops it), the
 * optimistic lock holds, pending variant siblings lose, and the target's contact-history row becomes the source
 * of truth. Any refusal leaves everything as it was. Last, the account's sending limits and the person's opt-out
 * (lib/sending/take-send-slot.ts, under a lock on the account's row): a send they stop is held with its time and
 * reason instead (409 `held`), and nothing else changes.
 */
export async function sendDraft({
  orgId, id, version, actor, at = new Date(), details, published, alreadyOnPlatform = false,
}: {
  orgId: number;
  id: number;
  version?: number;
  actor: DraftActor;
  at?: Date;
  /** More for the `sent` event and its draft.sent webhook: what the platform answered when the dashboard posted it. */
  details?: Prisma.InputJsonObject;
  /**
   * Where the sent post or comment lives on the platform (its permalink, the platform's id), when the sender knows:
   * a public one is then checked for removal 1 h and 24 h later (docs/removal-checks.md).
   */
  published?: { url?: string | null; id?: string | null };
  /**
   * The dashboard itself posted it and the platform answered (auto-post, federated_post): the limits were checked
   * when its slot was reserved before the call, so the send is recorded and counted, never held.
   */
  alreadyOnPlatform?: boolean;
}) {
  let assignedHandle: string | null = null;
  try {
    await db.$transaction(async (tx) => {
      await changeDraft(tx, {
        orgId, id, version, actor, action: "send", event: "sent",
        guard: async (draft) => {
          const rules = await loadBlocklistRules(tx, { orgId, projectId: draft.projectId });
          const hit = matchBlocklist(rules, {
            targetUser: draft.targetUser,
            targetCommunity: draft.targetCommunity,
            texts: [draft.body, draft.title ?? ""],
          });
          if (hit) {
            throw new AppError("blocklisted", `This draft cannot be sent: ${hit.message}`, {
              blocklist: { entryId: hit.entryId, type: hit.type, value: hit.value, scope: hit.scope },
            });
          }
          const sentFrom = await takeSendSlot(tx, { orgId, draft, at, mode: alreadyOnPlatform ? "record" : "take" });
          // A draft without an account was just given one of its campaign's accounts: the contact is from that one.
          if (draft.accountId === null && sentFrom !== null) {
            assignedHandle = (await tx.account.findFirst({ where: { id: sentFrom, organizationId: orgId }, select: { platformId: true } }))?.platformId ?? null;
          }
        },
        data: (draft) => {
          const publishedUrl = published?.url ?? null;
          const publishedId = published?.id ?? null;
          const checkable = isPublicKind(draft.kind) && visibilityTargetOf({ platform: draft.platform, publishedUrl, publishedId }) !== null;
          return {
            sentAt: at,
            heldUntil: null,
            heldReason: null,
            ...(publishedUrl || publishedId ? { publishedUrl, publishedId } : {}),
            ...(checkable ? { visibilityChecksDone: 0, visibilityCheckDueAt: nextScheduledCheck(at, 0)!.dueAt } : {}),
          };
        },
        details: () => ({ sentAt: at.toISOString(), ...details }),
        after: async (draft) => {
          if (!addressesPerson(draft.kind)) return;
          await recordContact(tx, {
            orgId, platform: draft.platform, targetUser: draft.targetUser, accountHandle: assignedHandle ?? draft.accountHandle,
            projectId: draft.projectId, draftId: id, outcome: "sent", at,
          });
        },
      });
    });
  } catch (err) {
    if (err instanceof SendHeld) throw await holdDraft({ orgId, draftId: id, held: err, actor });
    throw err;
  }
  return getDraftOrThrow({ orgId, id });
}
