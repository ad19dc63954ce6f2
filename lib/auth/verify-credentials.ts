// Checks a username or email address and a password, with throttling. Shared by POST /api/auth/login and the
// next-auth Credentials provider so both sign-in paths obey the same limits. Usernames cannot hold "@", so anything
// with one is an email address (compared lower-cased, as stored).
import { db } from "@/lib/db/client";
import { AppError, rateLimited } from "@/lib/http/errors";
import { verifyPassword, timingDummyHash } from "@/lib/auth/password";
import { loginRetryAfter, recordLoginFailure, recordLoginSuccess } from "@/lib/auth/login-throttle";
import { assertPasswordSignInAllowed } from "@/lib/sso/assert-password-sign-in-allowed";

export interface SignedInUser {
  userId: number;
  username: string;
  orgId: number;
  sessionVersion: number;
}

export async function verifyCredentials(opts: { username: string; password: string; address: string }): Promise<SignedInUser> {
  const typed = opts.username.trim().toLowerCase();
  const user = await db.user.findUnique({
    where: typed.includes("@") ? { email: typed } : { username: typed },
    select: { id: true, username: true, email: true, passwordHash: true, sessionVersion: true, memberships: { select: { organizationId: true }, orderBy: { id: "asc" }, take: 1 } },
  });
  // Failures count against the account whichever name it was signed in with, so switching between the username and
  // the address buys no extra guesses.
  const username = user?.username ?? typed;
  const wait = await loginRetryAfter({ username, address: opts.address, userId: user?.id ?? null });
  if (wait !== null) throw rateLimited("Too many failed sign-in attempts. Try again in a few minutes.", wait);
  // Before the password is checked: where the organization turned passwords off, none is guessed at all.
  await assertPasswordSignInAllowed({ email: user?.email ?? (typed.includes("@") ? typed : null) });
  const ok = await verifyPassword(opts.password, user?.passwordHash ?? (await timingDummyHash()));
  if (!user || !ok) {
    await recordLoginFailure({ username, address: opts.address });
    throw new AppError("unauthorized", "Wrong email, username or password");
  }
  // Someone whose last organization was left, removed or deleted: the password was right, so say what happened.
  const membership = user.memberships[0];
  if (!membership) throw new AppError("forbidden", "This account no longer belongs to any organization. Ask an admin of one for a new invitation.");
  await recordLoginSuccess({ username, address: opts.address, userId: user.id });
  return { userId: user.id, username: user.username, orgId: membership.organizationId, sessionVersion: user.sessionVersion };
}
