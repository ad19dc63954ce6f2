// POST /api/invites/accept (and sign-up with an invitation): the signed-in user joins the invitation's organization
// with its role. The invitation row is locked while it is checked and spent, so a link works exactly once; with
// billing on, the organization is locked and its seats counted again, so members never outnumber the plan's seats
// (an invitation made before a downgrade, or a race the invitation count could not see). An invitation made for an
// address joins only the account whose verified address it is (invite-address.ts).
import type { Tx } from "@/lib/db/client";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/http/errors";
import { hashInviteToken } from "@/lib/invites/invite-token";
import { lockSeats } from "@/lib/billing/lock-seats";
import { anotherAddressRefusal, inviteBindsAddress, unverifiedAddressRefusal } from "@/lib/invites/invite-address";

type LockedInvite = { id: number; organization_id: number; role: string; expires_at: Date; accepted_at: Date | null; revoked_at: Date | null; email: string | null };
type Joined = { orgId: number; orgName: string; role: string };

export async function acceptInvite({ token, userId, now = new Date() }: { token: string; userId: number; now?: Date }, tx?: Tx): Promise<Joined> {
  if (!tx) return db.$transaction((inner) => acceptInvite({ token, userId, now }, inner));
  const [invite] = await tx.$queryRaw<LockedInvite[]>`
    SELECT id, organization_id, role::text AS role, expires_at, accepted_at, revoked_at, email FROM invites WHERE token_hash = ${hashInviteToken(token)} FOR UPDATE`;
  return acceptLocked(tx, invite, userId, now);
}

/** The same, for an invitation the user claimed at sign-up (join-claimed-invites.ts). */
export async function acceptInviteById(tx: Tx, { inviteId, userId, now }: { inviteId: number; userId: number; now: Date }): Promise<Joined> {
  const [invite] = await tx.$queryRaw<LockedInvite[]>`
    SELECT id, organization_id, role::text AS role, expires_at, accepted_at, revoked_at, email FROM invites WHERE id = ${inviteId} FOR UPDATE`;
  return acceptLocked(tx, invite, userId, now);
}

async function acceptLocked(tx: Tx, invite: LockedInvite | undefined, userId: number, now: Date): Promise<Joined> {
  if (!invite) throw new AppError("not_found", "This invitation link is not valid");
  if (invite.accepted_at) throw new AppError("conflict", "This invitation has already been used");
  if (invite.revoked_at) throw new AppError("conflict", "This invitation was revoked");
  if (invite.expires_at <= now) throw new AppError("conflict", "This invitation has expired: ask for a new link");
  if (inviteBindsAddress(invite.email)) {
    const user = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: { email: true, emailVerifiedAt: true } });
    if (user.email !== invite.email) throw anotherAddressRefusal(invite.email);
    if (!user.emailVerifiedAt) throw unverifiedAddressRefusal();
  }
  const already = await tx.membership.findUnique({ where: { organizationId_userId: { organizationId: invite.organization_id, userId } }, select: { id: true } });
  if (already) throw new AppError("conflict", "You are already a member of this organization");
  const seats = await lockSeats(tx, { orgId: invite.organization_id, now });
  if (seats && seats.members >= seats.plan.members) {
    throw new AppError("plan_limit", `This organization's ${seats.plan.label} plan has no free seat left. Ask its owner to upgrade, then open the link again.`);
  }
  await tx.membership.create({ data: { organizationId: invite.organization_id, userId, role: invite.role as "owner" | "admin" | "member" } });
  await tx.invite.update({ where: { id: invite.id }, data: { acceptedAt: now, acceptedById: userId } });
  const org = await tx.organization.findUniqueOrThrow({ where: { id: invite.organization_id }, select: { name: true } });
  return { orgId: invite.organization_id, orgName: org.name, role: invite.role };
}
