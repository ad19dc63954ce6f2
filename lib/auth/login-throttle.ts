// Failed-login throttling, per address and per account, that never locks the owner out: the per-account
// limit does not apply from addresses the account has signed in from before, so guessing from elsewhere
// cannot block the real user. Counters live in PostgreSQL (failure-window) so every instance sees the same numbers.
import { db } from "@/lib/db/client";
import { clearFailures, countFailure, exhaustedFor } from "@/lib/auth/failure-window";
import { rememberAddress } from "@/lib/auth/remember-address";
import { throttleAddress } from "@/lib/http/request-origin";

export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;
export const LIMITS = { address: 30, account: 10, accountAtAddress: 5 } as const;

function keys(username: string, rawAddress: string) {
  const user = username.toLowerCase();
  const address = throttleAddress(rawAddress);
  return { address: `ip:${address}`, account: `user:${user}`, accountAtAddress: `pair:${user}|${address}` };
}

/** Seconds until sign-in may be tried again, or null when it may be tried now. */
export async function loginRetryAfter(opts: { username: string; address: string; userId: number | null; now?: Date }): Promise<number | null> {
  const now = opts.now ?? new Date();
  const k = keys(opts.username, opts.address);
  const wait = await exhaustedFor([{ key: k.address, max: LIMITS.address }, { key: k.accountAtAddress, max: LIMITS.accountAtAddress }], THROTTLE_WINDOW_MS, now);
  if (wait !== null) return wait;
  const accountWait = await exhaustedFor([{ key: k.account, max: LIMITS.account }], THROTTLE_WINDOW_MS, now);
  if (accountWait === null) return null;
  const known = opts.userId
    ? await db.knownLoginAddress.findUnique({ where: { userId_address: { userId: opts.userId, address: throttleAddress(opts.address) } } })
    : null;
  return known ? null : accountWait;
}

export async function recordLoginFailure(opts: { username: string; address: string; now?: Date }) {
  await countFailure(Object.values(keys(opts.username, opts.address)), THROTTLE_WINDOW_MS, opts.now ?? new Date());
}

export async function recordLoginSuccess(opts: { username: string; address: string; userId: number }) {
  await clearFailures([keys(opts.username, opts.address).accountAtAddress]);
  await rememberAddress({ userId: opts.userId, address: opts.address });
}
