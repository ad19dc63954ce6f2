// Changing the password or the email address needs the current password, so a session left open (or a stolen cookie)
// cannot take the account over. Wrong guesses count like failed sign-ins (lib/auth/login-throttle.ts).
import { db } from "@/lib/db/client";
import { AppError, rateLimited } from "@/lib/http/errors";
import { verifyPassword } from "@/lib/auth/password";
import { loginRetryAfter, recordLoginFailure } from "@/lib/auth/login-throttle";

export async function checkCurrentPassword({ userId, password, address }: { userId: number; password: string; address: string }) {
  const user = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { id: true, username: true, email: true, timeZone: true, passwordHash: true } });
  const wait = await loginRetryAfter({ username: user.username, address, userId });
  if (wait !== null) throw rateLimited("Too many wrong passwords. Try again in a few minutes.", wait);
  if (!(await verifyPassword(password, user.passwordHash))) {
    await recordLoginFailure({ username: user.username, address });
    throw new AppError("forbidden", "Your current password is not right.", { field: "currentPassword" });
  }
  return { id: user.id, username: user.username, email: user.email, timeZone: user.timeZone };
}
