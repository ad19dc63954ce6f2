// Failed-login throttling, per address and per account, that never locks the owner out: the per-account
// limit does not apply from addresses the account has signed in from before, so guessing from elsewhere
// cannot block the real user. Counters live in PostgreSQL so every instance sees the same numbers.
import { db } from "@/lib/db/client";

export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;
export const LIMITS = { address: 30, account: 10, accountAtAddress: 5 } as const;

function keys(username: string, address: string) {
  const user = username.toLowerCase();
  return { address: `ip:${address}`, account: `user:${user}`, accountAtAddress: `pair:${user}|${address}` };
}

async function failuresFor(key: string, now: Date): Promise<number> {
  const row = await db.loginThrottle.findUnique({ where: { key } });
  if (!row || now.getTime() - row.windowStartedAt.getTime() > THROTTLE_WINDOW_MS) return 0;
  return row.failures;
}

export async function isLoginThrottled(opts: { username: string; address: string; userId: number | null; now?: Date }) {
  const now = opts.now ?? new Date();
  const k = keys(opts.username, opts.address);
  if ((await failuresFor(k.address, now)) >= LIMITS.address) return true;
  if ((await failuresFor(k.accountAtAddress, now)) >= LIMITS.accountAtAddress) return true;
  if ((await failuresFor(k.account, now)) >= LIMITS.account) {
    const known = opts.userId
      ? await db.knownLoginAddress.findUnique({ where: { userId_address: { userId: opts.userId, address: opts.address } } })
      : null;
    return !known;
  }
  return false;
}

export async function recordLoginFailure(opts: { username: string; address: string; now?: Date }) {
  const now = opts.now ?? new Date();
  const windowStart = new Date(now.getTime() - THROTTLE_WINDOW_MS);
  for (const key of Object.values(keys(opts.username, opts.address))) {
    // Start a new window when the old one has expired, otherwise count one more failure in it.
    await db.$executeRaw`
      INSERT INTO login_throttles (key, failures, window_started_at) VALUES (${key}, 1, ${now})
      ON CONFLICT (key) DO UPDATE SET
        failures = CASE WHEN login_throttles.window_started_at < ${windowStart} THEN 1 ELSE login_throttles.failures + 1 END,
        window_started_at = CASE WHEN login_throttles.window_started_at < ${windowStart} THEN ${now} ELSE login_throttles.window_started_at END`;
  }
}

export async function recordLoginSuccess(opts: { username: string; address: string; userId: number }) {
  const k = keys(opts.username, opts.address);
  await db.loginThrottle.deleteMany({ where: { key: k.accountAtAddress } });
  await db.knownLoginAddress.upsert({
    where: { userId_address: { userId: opts.userId, address: opts.address } },
    update: { lastSeenAt: new Date() },
    create: { userId: opts.userId, address: opts.address },
  });
}
