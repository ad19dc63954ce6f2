// POST /api/auth/password-reset/confirm: spends the link and sets the new password in one transaction, ends every
// session the person has (session_version + 1) and every other reset link. The link reached the address on the
// account, so that address counts as verified from here. The route then signs them in afresh, and the address hears of
// the change (lib/users/notify-password-changed.ts).
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/http/errors";
import { hashPassword } from "@/lib/auth/password";
import type { Logger } from "@/lib/log/logger";
import { consumeAccountToken, INVALID_LINK } from "@/lib/users/account-token";
import { notifyPasswordChanged } from "@/lib/users/notify-password-changed";

export async function resetPassword({ token, password, log, now = new Date() }: { token: string; password: string; log: Logger; now?: Date }): Promise<{ userId: number; username: string; orgId: number | null }> {
  const passwordHash = await hashPassword(password);
  const reset = await db.$transaction(async (tx) => {
    const spent = await consumeAccountToken(tx, { token, purpose: "password_reset", now });
    if (!spent) throw new AppError("bad_request", INVALID_LINK.password_reset, { reason: "invalid_link" });
    const before = await tx.user.findUniqueOrThrow({ where: { id: spent.userId }, select: { email: true, emailVerifiedAt: true } });
    const user = await tx.user.update({
      where: { id: spent.userId },
      data: {
        passwordHash,
        sessionVersion: { increment: 1 },
        ...(before.email === spent.email && !before.emailVerifiedAt ? { emailVerifiedAt: now } : {}),
      },
      select: { id: true, username: true, email: true, timeZone: true, memberships: { select: { organizationId: true }, orderBy: { id: "asc" }, take: 1 } },
    });
    await tx.accountToken.deleteMany({ where: { userId: user.id, purpose: "password_reset", usedAt: null } });
    return { userId: user.id, username: user.username, email: user.email, timeZone: user.timeZone, orgId: user.memberships[0]?.organizationId ?? null };
  });
  notifyPasswordChanged({ email: reset.email, username: reset.username, at: now, timeZone: reset.timeZone, log });
  return { userId: reset.userId, username: reset.username, orgId: reset.orgId };
}
