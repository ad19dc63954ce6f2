// POST /api/auth/password: a new password for the signed-in person, given the current one. Every session they have
// ends (session_version + 1) and so do unused reset links; the route hands this browser a fresh session.
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/http/errors";
import { hashPassword } from "@/lib/auth/password";
import { checkCurrentPassword } from "@/lib/users/check-current-password";

export async function changePassword({ userId, currentPassword, newPassword, address }: { userId: number; currentPassword: string; newPassword: string; address: string }) {
  const user = await checkCurrentPassword({ userId, password: currentPassword, address });
  if (newPassword === currentPassword) throw new AppError("bad_request", "Choose a password that is different from the current one.", { field: "newPassword" });
  const passwordHash = await hashPassword(newPassword);
  await db.$transaction([
    db.user.update({ where: { id: user.id }, data: { passwordHash, sessionVersion: { increment: 1 } } }),
    db.accountToken.deleteMany({ where: { userId: user.id, purpose: "password_reset" } }),
  ]);
  return { userId: user.id, username: user.username, changed: true as const };
}
