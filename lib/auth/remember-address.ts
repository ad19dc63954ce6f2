// An address a person has proven themselves from (a sign-in, their sign-up, accepting an invitation). Failed
// sign-ins from elsewhere never lock them out from here (lib/auth/login-throttle.ts), so a new owner is not locked
// out by ten wrong guesses at their fresh account.
import { db } from "@/lib/db/client";
import { throttleAddress } from "@/lib/http/request-origin";

export async function rememberAddress({ userId, address }: { userId: number; address: string }): Promise<void> {
  if (address === "unknown") return;
  const known = throttleAddress(address);
  await db.knownLoginAddress.upsert({
    where: { userId_address: { userId, address: known } },
    update: { lastSeenAt: new Date() },
    create: { userId, address: known },
  });
}
