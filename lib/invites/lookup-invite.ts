// GET /api/invites/lookup?token=: what the join page shows before anyone signs in: the organization's name and the
// role, or why the link no longer works. It answers for the token in hand only.
import { db } from "@/lib/db/client";
import { hashInviteToken } from "@/lib/invites/invite-token";
import { inviteView } from "@/lib/invites/invite-view";

export async function lookupInvite({ token, now = new Date() }: { token: string; now?: Date }) {
  const invite = await db.invite.findUnique({ where: { tokenHash: hashInviteToken(token) }, include: { organization: { select: { name: true } } } });
  if (!invite) return { state: "unknown" as const, organizationName: null, role: null };
  const view = inviteView(invite, now);
  return { state: view.state, organizationName: invite.organization.name, role: invite.role, expiresAt: view.expiresAt };
}
