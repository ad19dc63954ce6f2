// DELETE /api/invites/[id]: the link stops working. Another organization's invitation is not found.
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/http/errors";

export async function revokeInvite({ orgId, id }: { orgId: number; id: number }) {
  const changed = await db.invite.updateMany({ where: { id, organizationId: orgId, acceptedAt: null, revokedAt: null }, data: { revokedAt: new Date() } });
  if (changed.count === 0) throw notFound("Invitation");
  return { id, state: "revoked" as const };
}
