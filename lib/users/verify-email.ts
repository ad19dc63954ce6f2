// POST /api/auth/verify-email: spends a verification link and marks the account's address verified. The link proves
// the address it was sent to only: links to an address the account no longer has were ended when it changed. Then the
// invitations the person claimed at sign-up for this address are joined (lib/invites/join-claimed-invites.ts).
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/http/errors";
import { consumeAccountToken, INVALID_LINK } from "@/lib/users/account-token";
import { joinClaimedInvites, type ClaimedJoin } from "@/lib/invites/join-claimed-invites";

export async function verifyEmail({ token, now = new Date() }: { token: string; now?: Date }): Promise<{ email: string; verified: true; joined: ClaimedJoin[] }> {
  const spent = await db.$transaction(async (tx) => {
    const used = await consumeAccountToken(tx, { token, purpose: "verify_email", now });
    const user = used ? await tx.user.findUnique({ where: { id: used.userId }, select: { email: true } }) : null;
    if (!used || !user || user.email !== used.email) throw new AppError("bad_request", INVALID_LINK.verify_email, { reason: "invalid_link" });
    await tx.user.update({ where: { id: used.userId }, data: { emailVerifiedAt: now } });
    return used;
  });
  const joined = await joinClaimedInvites({ userId: spent.userId, now });
  return { email: spent.email, verified: true as const, joined };
}
