// DELETE /api/cloud-runner/tokens/[id]: relays refuse the token from their next refresh of the revocation list
// (within a minute). Another organization's token is not found.
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/http/errors";
import { tokenView } from "@/lib/cloud-runner-tokens/token-view";

export async function revokeCloudRunnerToken({ orgId, id, now = new Date() }: { orgId: number; id: number; now?: Date }) {
  const found = await db.cloudRunnerToken.findFirst({ where: { id, organizationId: orgId }, select: { id: true, revokedAt: true } });
  if (!found) throw notFound("Token");
  const row = await db.cloudRunnerToken.update({ where: { id }, data: { revokedAt: found.revokedAt ?? now }, include: { createdBy: { select: { username: true } } } });
  return tokenView(row, now);
}
