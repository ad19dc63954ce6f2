// DELETE /api/organization: an owner deletes the active organization and everything in it (every table's rows go
// with the organization through ON DELETE CASCADE). Its cloud runner tokens stay behind revoked and nameless until
// they expire, so relays keep refusing them; a paid subscription is cancelled first, so nobody is billed for an
// organization that no longer exists. The source files its projects handed over (under the data directory) go too.
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/http/errors";
import { cancelSubscription } from "@/lib/billing/cancel-subscription";
import { deleteOrganizationSourceFiles } from "@/lib/sources/managed-source-dir";

export async function deleteOrganization({ orgId, userId, confirmName }: { orgId: number; userId: number; confirmName: string }): Promise<{ nextOrgId: number }> {
  const org = await db.organization.findUniqueOrThrow({ where: { id: orgId }, select: { name: true, isDefault: true, stripeSubscriptionId: true, subscriptionStatus: true } });
  if (org.isDefault) throw new AppError("conflict", "The default organization of a self-hosted install cannot be deleted");
  if (confirmName.trim() !== org.name) throw new AppError("bad_request", "Type the organization's name exactly to delete it", { field: "confirmName" });
  const next = await db.membership.findFirst({ where: { userId, organizationId: { not: orgId } }, orderBy: { id: "asc" }, select: { organizationId: true } });
  if (!next) throw new AppError("conflict", "This is your only organization: create or join another before deleting it");
  if (org.stripeSubscriptionId && org.subscriptionStatus !== "canceled") await cancelSubscription({ subscriptionId: org.stripeSubscriptionId });
  await db.$transaction(async (tx) => {
    await tx.cloudRunnerToken.updateMany({ where: { organizationId: orgId, revokedAt: null }, data: { revokedAt: new Date() } });
    await tx.organization.delete({ where: { id: orgId } });
  });
  await deleteOrganizationSourceFiles(orgId);
  return { nextOrgId: next.organizationId };
}
