// The one send path, shared by the manual send (PATCH state "sent") and the extension's sent call.
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/http/errors";
import type { DraftActor } from "@/lib/drafts/actor";
import { changeDraft } from "@/lib/drafts/change-draft";
import { getDraftOrThrow } from "@/lib/drafts/get-draft";
import { loadBlocklistRules } from "@/lib/blocklist/load-blocklist-rules";
import { matchBlocklist } from "@/lib/blocklist/match-blocklist";
import { recordContact } from "@/lib/contacts/record-contact";
import { addressesPerson } from "@/lib/contacts/canonical-handle";

/**
 * Flips a draft to `sent`: the blocklist is consulted again (an entry added after approval still stops it), the
 * optimistic lock holds, pending variant siblings lose, and the target's contact-history row becomes the source
 * of truth. Any refusal leaves everything as it was.
 */
export async function sendDraft({ orgId, id, version, actor, at = new Date() }: { orgId: number; id: number; version?: number; actor: DraftActor; at?: Date }) {
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
      },
      data: () => ({ sentAt: at }),
      details: () => ({ sentAt: at.toISOString() }),
      after: async (draft) => {
        if (!addressesPerson(draft.kind)) return;
        await recordContact(tx, {
          orgId, platform: draft.platform, targetUser: draft.targetUser, accountHandle: draft.accountHandle,
          projectId: draft.projectId, draftId: id, outcome: "sent", at,
        });
      },
    });
  });
  return getDraftOrThrow({ orgId, id });
}
