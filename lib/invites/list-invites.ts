// GET /api/invites: the organization's pending invitations, newest first (accepted, revoked and expired ones drop off).
import { db } from "@/lib/db/client";
import { inviteView } from "@/lib/invites/invite-view";

export async function listInvites({ orgId, now = new Date() }: { orgId: number; now?: Date }) {
  const rows = await db.invite.findMany({
    where: { organizationId: orgId, acceptedAt: null, revokedAt: null, expiresAt: { gt: now } },
    orderBy: { id: "desc" },
    take: 100,
    include: { createdBy: { select: { username: true } } },
  });
  return rows.map((i) => inviteView(i, now));
}
