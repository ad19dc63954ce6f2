import type { Tx } from "@/lib/db/client";
import { canonicalHandle } from "@/lib/contacts/canonical-handle";
import type { DedupWarning } from "@/lib/drafts/draft-view";

/**
 * The most recent contact with (organization, platform, target) inside the dedup window (SPEC "Contact
 * deduplication"): a sent contact from contact history, or another live draft to the same person (so two runs do
 * not queue the same person twice). Always filtered by organization: another organization's contacts never count.
 */
export async function findRecentContact(
  tx: Tx,
  { orgId, platform, targetUser, windowDays, now }: { orgId: number; platform: string; targetUser: string; windowDays: number; now: Date },
): Promise<DedupWarning | null> {
  if (windowDays <= 0) return null;
  const since = new Date(now.getTime() - windowDays * 86_400_000);
  const handle = canonicalHandle(targetUser);
  const contact = await tx.contactHistory.findFirst({
    where: { organizationId: orgId, platform, targetUser: handle, lastContactedAt: { gte: since } },
    select: { lastContactedAt: true, lastDraftId: true },
  });
  if (contact) {
    return { source: "contact_history", lastContactedAt: contact.lastContactedAt.toISOString(), draftId: contact.lastDraftId, windowDays };
  }
  const drafts = await tx.$queryRaw<{ id: number; created_at: Date }[]>`
    SELECT id, created_at FROM drafts
    WHERE organization_id = ${orgId} AND platform = ${platform} AND lower(target_user) = ${handle}
      AND created_at >= ${since} AND state <> 'rejected' AND kind <> 'post'
    ORDER BY created_at DESC LIMIT 1`;
  const draft = drafts[0];
  return draft ? { source: "draft", lastContactedAt: draft.created_at.toISOString(), draftId: draft.id, windowDays } : null;
}
