import { db } from "@/lib/db/client";

/** Whether someone in the organization hid Home's Getting started (lib/onboarding/getting-started-steps.ts). */
export async function isGettingStartedDismissed({ orgId }: { orgId: number }): Promise<boolean> {
  const org = await db.organization.findUnique({ where: { id: orgId }, select: { gettingStartedDismissedAt: true } });
  return org?.gettingStartedDismissedAt != null;
}
