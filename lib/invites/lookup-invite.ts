// GET /api/invites/lookup?token=: what the join page shows before anyone signs in: the organization's name and the
// role, or why the link no longer works. It answers for the token in hand only. The address the link was mailed to
// is for the sign-up page's own use (it pre-fills the form) and is left out of the public answer.
import { db } from "@/lib/db/client";
import { hashInviteToken } from "@/lib/invites/invite-token";
import { inviteView } from "@/lib/invites/invite-view";

export async function lookupInvite({ token, now = new Date() }: { token: string; now?: Date }) {
  const invite = await db.invite.findUnique({ where: { tokenHash: hashInviteToken(token) }, include: { organization: { select: { name: true } } } });
  if (!invite) return { state: "unknown" as const, organizationName: null, role: null };
  const view = inviteView(invite, now);
  return { state: view.state, organizationName: invite.organization.name, role: invite.role, expiresAt: view.expiresAt };
}

/** The address a pending invitation was made for, to pre-fill sign-up; null for any other link. */
export async function inviteEmail({ token, now = new Date() }: { token: string; now?: Date }): Promise<string | null> {
  const invite = await db.invite.findUnique({ where: { tokenHash: hashInviteToken(token) }, select: { email: true, acceptedAt: true, revokedAt: true, expiresAt: true } });
  if (!invite || invite.acceptedAt || invite.revokedAt || invite.expiresAt <= now) return null;
  return invite.email;
}
