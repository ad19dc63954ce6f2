// A person who leaves an organization, or is removed from it, takes no way back in with them: the API keys they made
// for it and the browser extensions they paired with it stop working in the same transaction. (Cloud runner tokens
// belong to the installation they were issued for and stay; Settings lists them for revoking.)
import type { Tx } from "@/lib/db/client";

export async function revokeMemberCredentials(tx: Tx, { orgId, userId, now = new Date() }: { orgId: number; userId: number; now?: Date }) {
  const keys = await tx.apiKey.updateMany({ where: { organizationId: orgId, createdById: userId, revokedAt: null }, data: { revokedAt: now } });
  const devices = await tx.extensionDevice.updateMany({ where: { organizationId: orgId, userId, revoked: false }, data: { revoked: true, revokedAt: now } });
  return { apiKeys: keys.count, devices: devices.count };
}
