import type { Tx } from "@/lib/db/client";
import { canonicalHandle } from "@/lib/contacts/canonical-handle";

/**
 * Makes the contact-history row of (organization, platform, target) the source of truth after a send: created on
 * the first contact, otherwise last_contacted_at and outcome move forward and first_contacted_at is kept.
 */
export async function recordContact(
  tx: Tx,
  input: { orgId: number; platform: string; targetUser: string; accountHandle: string; projectId: number | null; draftId: number; outcome: string; at: Date },
) {
  const targetUser = canonicalHandle(input.targetUser);
  await tx.contactHistory.upsert({
    where: { organizationId_platform_targetUser: { organizationId: input.orgId, platform: input.platform, targetUser } },
    create: {
      organizationId: input.orgId,
      platform: input.platform,
      targetUser,
      accountHandle: input.accountHandle,
      projectId: input.projectId,
      lastDraftId: input.draftId,
      firstContactedAt: input.at,
      lastContactedAt: input.at,
      outcome: input.outcome,
    },
    update: {
      accountHandle: input.accountHandle,
      projectId: input.projectId,
      lastDraftId: input.draftId,
      lastContactedAt: input.at,
      outcome: input.outcome,
    },
  });
}
