// When a person confirms their address, the invitations they claimed at sign-up for that address are accepted
// (claim-invite.ts). Each is accepted with every check of acceptInvite (state, seats, address); one that can no longer
// be used is reported rather than failing the verification, which has succeeded either way.
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/http/errors";
import { acceptInviteById } from "@/lib/invites/accept-invite";

export interface ClaimedJoin {
  organizationId: number | null;
  organizationName: string;
  /** Why the account did not join, when it did not. */
  problem: string | null;
}

export async function joinClaimedInvites({ userId, now = new Date() }: { userId: number; now?: Date }): Promise<ClaimedJoin[]> {
  const claimed = await db.invite.findMany({
    where: { claimedById: userId, acceptedAt: null },
    select: { id: true, organization: { select: { name: true } } },
    orderBy: { id: "asc" },
  });
  const out: ClaimedJoin[] = [];
  for (const invite of claimed) {
    try {
      const joined = await db.$transaction((tx) => acceptInviteById(tx, { inviteId: invite.id, userId, now }));
      out.push({ organizationId: joined.orgId, organizationName: joined.orgName, problem: null });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      out.push({ organizationId: null, organizationName: invite.organization.name, problem: err.message });
    }
  }
  return out;
}
