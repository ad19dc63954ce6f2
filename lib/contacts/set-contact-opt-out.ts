// PATCH /api/contacts/[id]: a person marks a contact opted out by hand (People page), or undoes an opt-out, whether
// a reply or a person set it. Undoing releases the drafts its opt-out held, so they can be sent again.
import { db, type Tx } from "@/lib/db/client";
import { notFound } from "@/lib/http/errors";
import { publish } from "@/lib/events/bus";
import { canonicalHandle } from "@/lib/contacts/canonical-handle";

export interface ContactOptOutView {
  id: number;
  platform: string;
  targetUser: string;
  optedOut: boolean;
  optedOutAt: string | null;
  optOutSource: string | null;
  optOutPhrase: string | null;
}

export async function setContactOptOut({ orgId, id, optedOut, now = new Date() }: { orgId: number; id: number; optedOut: boolean; now?: Date }): Promise<ContactOptOutView> {
  return db.$transaction(async (tx) => {
    const contact = await tx.contactHistory.findFirst({ where: { id, organizationId: orgId }, select: { platform: true, targetUser: true, optedOutAt: true } });
    if (!contact) throw notFound("Contact");
    if (optedOut && !contact.optedOutAt) {
      await tx.contactHistory.updateMany({ where: { id, organizationId: orgId }, data: { optedOutAt: now, optOutSource: "person", optOutPhrase: null } });
    } else if (!optedOut && contact.optedOutAt) {
      await tx.contactHistory.updateMany({ where: { id, organizationId: orgId }, data: { optedOutAt: null, optOutSource: null, optOutPhrase: null } });
      const released = await tx.$queryRaw<{ id: number }[]>`
        UPDATE drafts SET held_reason = NULL
         WHERE organization_id = ${orgId} AND platform = ${contact.platform} AND held_until IS NULL AND held_reason IS NOT NULL
           AND lower(regexp_replace(target_user, '^(/?u/|@)', '', 'i')) = ${contact.targetUser}
           AND state IN ('approved', 'armed')
        RETURNING id`;
      if (released.length > 0) await publish({ o: orgId, t: "drafts:changed", ids: released.map((r) => r.id) }, tx);
    }
    const row = await tx.contactHistory.findFirstOrThrow({
      where: { id, organizationId: orgId },
      select: { id: true, platform: true, targetUser: true, optedOutAt: true, optOutSource: true, optOutPhrase: true },
    });
    return { ...row, optedOut: row.optedOutAt !== null, optedOutAt: row.optedOutAt?.toISOString() ?? null };
  });
}

/**
 * A reply asked not to be contacted: the person's contact-history row says so (created if an older send left none).
 * An earlier opt-out keeps its date and words.
 */
export async function markOptedOutFromReply(
  tx: Tx,
  input: { orgId: number; platform: string; targetUser: string; accountHandle: string; projectId: number | null; draftId: number; phrase: string; at: Date; contactedAt: Date },
): Promise<void> {
  const targetUser = canonicalHandle(input.targetUser);
  await tx.contactHistory.upsert({
    where: { organizationId_platform_targetUser: { organizationId: input.orgId, platform: input.platform, targetUser } },
    create: {
      organizationId: input.orgId, platform: input.platform, targetUser, accountHandle: input.accountHandle, projectId: input.projectId,
      lastDraftId: input.draftId, firstContactedAt: input.contactedAt, lastContactedAt: input.contactedAt, outcome: "replied",
      optedOutAt: input.at, optOutSource: "reply", optOutPhrase: input.phrase.slice(0, 200),
    },
    update: {},
  });
  await tx.contactHistory.updateMany({
    where: { organizationId: input.orgId, platform: input.platform, targetUser, optedOutAt: null },
    data: { optedOutAt: input.at, optOutSource: "reply", optOutPhrase: input.phrase.slice(0, 200) },
  });
}
