// POST /api/auth/verify-email: spends a verification link and marks the account's address verified. The link proves
// the address it was sent to only: links to an address the account no longer has were ended when it changed.
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/http/errors";
import { consumeAccountToken, INVALID_LINK } from "@/lib/users/account-token";

export async function verifyEmail({ token, now = new Date() }: { token: string; now?: Date }): Promise<{ email: string; verified: true }> {
  return db.$transaction(async (tx) => {
    const spent = await consumeAccountToken(tx, { token, purpose: "verify_email", now });
    const user = spent ? await tx.user.findUnique({ where: { id: spent.userId }, select: { email: true } }) : null;
    if (!spent || !user || user.email !== spent.email) throw new AppError("bad_request", INVALID_LINK.verify_email, { reason: "invalid_link" });
    await tx.user.update({ where: { id: spent.userId }, data: { emailVerifiedAt: now } });
    return { email: spent.email, verified: true as const };
  });
}
