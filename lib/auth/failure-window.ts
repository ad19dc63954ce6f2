// Fixed-window failure counters in PostgreSQL (the login_throttles table, named for its first use), so every app
// instance counts the same failures. Sign-in and extension pairing are throttled through them.
import { db } from "@/lib/db/client";

export interface FailureLimit {
  key: string;
  /** Failures allowed in one window; the next attempt is refused until the window ends. */
  max: number;
}

/** Seconds until the window of the first exhausted limit ends, or null when every limit has room. */
export async function exhaustedFor(limits: FailureLimit[], windowMs: number, now: Date): Promise<number | null> {
  if (limits.length === 0) return null;
  const rows = await db.loginThrottle.findMany({ where: { key: { in: limits.map((l) => l.key) } } });
  const byKey = new Map(rows.map((r) => [r.key, r]));
  let wait: number | null = null;
  for (const { key, max } of limits) {
    const row = byKey.get(key);
    if (!row || row.failures < max) continue;
    const endsAt = row.windowStartedAt.getTime() + windowMs;
    if (endsAt <= now.getTime()) continue;
    const seconds = Math.ceil((endsAt - now.getTime()) / 1000);
    wait = Math.max(wait ?? 0, seconds);
  }
  return wait;
}

/** One more failure under each key: a new window when the old one has ended, else one more in it. */
export async function countFailure(keys: string[], windowMs: number, now: Date): Promise<void> {
  const windowStart = new Date(now.getTime() - windowMs);
  for (const key of keys) {
    await db.$executeRaw`
      INSERT INTO login_throttles (key, failures, window_started_at) VALUES (${key}, 1, ${now})
      ON CONFLICT (key) DO UPDATE SET
        failures = CASE WHEN login_throttles.window_started_at < ${windowStart} THEN 1 ELSE login_throttles.failures + 1 END,
        window_started_at = CASE WHEN login_throttles.window_started_at < ${windowStart} THEN ${now} ELSE login_throttles.window_started_at END`;
  }
}

export async function clearFailures(keys: string[]): Promise<void> {
  await db.loginThrottle.deleteMany({ where: { key: { in: keys } } });
}

/**
 * Counts one use under `key` and answers in the same statement whether it fits the window's allowance: null when it
 * does, else the seconds until the window ends. Atomic, so instances racing for the last slot cannot both get it.
 */
export async function takeFromWindow({ key, max }: FailureLimit, windowMs: number, now: Date): Promise<number | null> {
  const windowStart = new Date(now.getTime() - windowMs);
  const [row] = await db.$queryRaw<{ failures: number; window_started_at: Date }[]>`
    INSERT INTO login_throttles (key, failures, window_started_at) VALUES (${key}, 1, ${now})
    ON CONFLICT (key) DO UPDATE SET
      failures = CASE WHEN login_throttles.window_started_at < ${windowStart} THEN 1 ELSE login_throttles.failures + 1 END,
      window_started_at = CASE WHEN login_throttles.window_started_at < ${windowStart} THEN ${now} ELSE login_throttles.window_started_at END
    RETURNING failures, window_started_at`;
  if (!row || row.failures <= max) return null;
  return Math.max(1, Math.ceil((row.window_started_at.getTime() + windowMs - now.getTime()) / 1000));
}
