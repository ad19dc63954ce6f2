import { db } from "@/lib/db/client";

/** Hides Home's Getting started for the whole organization, or brings it back; answers the state now in force. */
export async function setGettingStartedDismissed({ orgId, dismissed, now = new Date() }: { orgId: number; dismissed: boolean; now?: Date }) {
  const row = await db.organization.update({
    where: { id: orgId },
    data: { gettingStartedDismissedAt: dismissed ? now : null },
    select: { gettingStartedDismissedAt: true },
  });
  return { dismissed: row.gettingStartedDismissedAt !== null };
}
