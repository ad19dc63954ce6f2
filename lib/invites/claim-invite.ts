// Sign-up with an invitation made for an address, where addresses can be verified: the sign-up must use that address,
// and the new account joins once the address is confirmed (join-claimed-invites.ts), not before: until then nothing
// shows that whoever signed up can read that mailbox.
import type { Tx } from "@/lib/db/client";
import { AppError } from "@/lib/http/errors";
import { hashInviteToken } from "@/lib/invites/invite-token";
import { anotherAddressRefusal, inviteBindsAddress } from "@/lib/invites/invite-address";

export interface InviteForSignUp {
  id: number;
  organizationName: string;
  /** The address the account must have and confirm before it joins; null when the link alone lets it join. */
  boundEmail: string | null;
}

/** The pending invitation a sign-up names, checked against the address it signs up with. */
export async function inviteForSignUp(tx: Tx, { token, email, now }: { token: string; email: string | undefined; now: Date }): Promise<InviteForSignUp> {
  const invite = await tx.invite.findUnique({
    where: { tokenHash: hashInviteToken(token) },
    select: { id: true, email: true, acceptedAt: true, revokedAt: true, expiresAt: true, organization: { select: { name: true } } },
  });
  if (!invite) throw new AppError("not_found", "This invitation link is not valid");
  if (invite.acceptedAt || invite.revokedAt || invite.expiresAt <= now) throw new AppError("conflict", "This invitation can no longer be used: ask for a new link");
  if (!inviteBindsAddress(invite.email)) return { id: invite.id, organizationName: invite.organization.name, boundEmail: null };
  if (email !== invite.email) throw anotherAddressRefusal(invite.email);
  return { id: invite.id, organizationName: invite.organization.name, boundEmail: invite.email };
}

export async function claimInvite(tx: Tx, { inviteId, userId }: { inviteId: number; userId: number }): Promise<void> {
  await tx.invite.update({ where: { id: inviteId }, data: { claimedById: userId } });
}
