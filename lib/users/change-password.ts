// POST /api/auth/password: a new password for the signed-in person, given the current one. Every session they have
// ends (session_version + 1) and so do unused reset links; the route hands this browser a fresh session. The
// account's address hears of it (lib/users/notify-password-changed.ts).
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/http/errors";
import { hashPassword } from "@/lib/auth/password";
import type { Logger } from "@/lib/log/logger";
import { checkCurrentPassword } from "@/lib/users/check-current-password";
import { notifyPasswordChanged } from "@/lib/users/notify-password-changed";

export async function changePassword({ userId, currentPassword, newPassword, address, log, now = new Date() }: { userId: number; currentPassword: string; newPassword: string; address: string; log: Logger; now?: Date }) {
  const user = await checkCurrentPassword({ userId, password: currentPassword, address });
  if (newPassword === currentPassword) throw new AppError("bad_request", "Choose a password that is different from the current one.", { field: "newPassword" });
  const passwordHash = await hashPassword(newPassword);
  await db.$transaction([
    db.user.update({ where: { id: user.id }, data: { passwordHash, sessionVersion: { increment: 1 } } }),
    db.accountToken.deleteMany({ where: { userId: user.id, purpose: "password_reset" } }),
  ]);
  notifyPasswordChanged({ email: user.email, username: user.username, at: now, timeZone: user.timeZone, log });
  return { userId: user.id, username: user.username, changed: true as const };
}
