// Signing out. One session: its token id is recorded as revoked until the token would have expired anyway, so a
// copy of the cookie (another tab's, a stolen one) stops working too. Everywhere: the user's session version goes up
// and every token made before is refused. Expired revocations are pruned here, as new ones are added.
import { db } from "@/lib/db/client";
import { decodeSession } from "@/lib/auth/session-cookie";

export async function signOutSession(token: string | undefined, now = new Date()): Promise<void> {
  const session = await decodeSession(token);
  if (!session) return;
  // INSERT … ON CONFLICT DO NOTHING: two sign-outs of one session at once (two tabs, two instances) both succeed.
  // Prisma's upsert with an empty update reads then inserts, and the second insert would fail.
  await db.revokedSession.createMany({
    data: [{ jti: session.jti, userId: session.userId, expiresAt: session.expiresAt }],
    skipDuplicates: true,
  });
  await db.revokedSession.deleteMany({ where: { expiresAt: { lt: now } } });
}

export async function signOutEverywhere({ userId }: { userId: number }): Promise<void> {
  await db.user.update({ where: { id: userId }, data: { sessionVersion: { increment: 1 } } });
}
