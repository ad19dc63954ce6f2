// What keeps an open /api/stream allowed, asked again on every keep-alive: a request is checked once, a stream lives
// for hours. A signed-in stream needs its session still valid (not signed out, not ended by Sign out everywhere or a
// new password, not expired, the user still a member of the organization); an API key's stream needs the key neither
// revoked nor expired. With sign-in off there is nothing to lose.
//
// Every stream of an instance keeps alive on the same tick (lib/events/event-stream-session.ts), so the checks asked
// in one tick are answered together: one statement for every session and one for every key, whatever the number of
// streams (10,000 streams used to make 10,000 statements every 15 s). A session is decoded once, when its stream
// opens; its claims are what the statement checks.
import { getPool } from "@/lib/db/client";
import { decodeSession, readCookie, SESSION_COOKIE, type DecodedSession } from "@/lib/auth/session-cookie";

type Caller = { orgId: number; userId: number | null; apiKey?: { id: number } };

export function streamAccessCheck(req: Request, caller: Caller): (() => Promise<boolean>) | undefined {
  if (caller.apiKey) {
    const key = { keyId: caller.apiKey.id, orgId: caller.orgId };
    return () => keyChecks.ask(`${key.keyId}:${key.orgId}`, key);
  }
  if (caller.userId === null) return undefined;
  // The cookie the stream was opened with: the session it names is the one that must stay valid.
  const claims = decodeSession(readCookie(req.headers.get("cookie"), SESSION_COOKIE));
  return async () => {
    const session = await claims;
    if (!session || session.orgId !== caller.orgId || session.expiresAt.getTime() <= Date.now()) return false;
    return sessionChecks.ask(session.jti, session);
  };
}

/**
 * Answers the questions asked in one turn of the event loop with one statement. Questions about the same thing (two
 * tabs of one session) share their answer.
 */
class TickBatch<T> {
  private pending = new Map<string, { item: T; waiters: Array<{ resolve: (ok: boolean) => void; reject: (err: unknown) => void }> }>();
  private scheduled = false;

  constructor(private readonly allowedKeys: (items: Map<string, T>) => Promise<Set<string>>) {}

  ask(key: string, item: T): Promise<boolean> {
    return new Promise((resolve, reject) => {
      const entry = this.pending.get(key) ?? { item, waiters: [] };
      entry.waiters.push({ resolve, reject });
      this.pending.set(key, entry);
      if (!this.scheduled) {
        this.scheduled = true;
        // After the tick's other keep-alives have asked theirs.
        setImmediate(() => void this.flush());
      }
    });
  }

  private async flush(): Promise<void> {
    const batch = this.pending;
    this.pending = new Map();
    this.scheduled = false;
    try {
      const allowed = await this.allowedKeys(new Map([...batch].map(([k, v]) => [k, v.item])));
      for (const [key, { waiters }] of batch) for (const w of waiters) w.resolve(allowed.has(key));
    } catch (err) {
      for (const { waiters } of batch.values()) for (const w of waiters) w.reject(err);
    }
  }
}

const sessionChecks = new TickBatch<DecodedSession>(async (sessions) => {
  const list = [...sessions.values()];
  const { rows } = await getPool().query<{ jti: string }>({
    name: "stream-sessions",
    text: `SELECT s.jti FROM unnest($1::text[], $2::int[], $3::int[], $4::int[]) AS s(jti, org_id, user_id, session_version)
       JOIN memberships m ON m.organization_id = s.org_id AND m.user_id = s.user_id
       JOIN users u ON u.id = s.user_id AND u.session_version = s.session_version
      WHERE NOT EXISTS (SELECT 1 FROM revoked_sessions r WHERE r.jti = s.jti)`,
    values: [list.map((s) => s.jti), list.map((s) => s.orgId), list.map((s) => s.userId), list.map((s) => s.sessionVersion)],
  });
  return new Set(rows.map((r) => r.jti));
});

const keyChecks = new TickBatch<{ keyId: number; orgId: number }>(async (keys) => {
  const list = [...keys.values()];
  const { rows } = await getPool().query<{ id: number; organization_id: number }>({
    name: "stream-api-keys",
    text: `SELECT k.id, k.organization_id FROM unnest($1::int[], $2::int[]) AS s(id, org_id)
       JOIN api_keys k ON k.id = s.id AND k.organization_id = s.org_id
      WHERE k.revoked_at IS NULL AND (k.expires_at IS NULL OR k.expires_at > now())`,
    values: [list.map((k) => k.keyId), list.map((k) => k.orgId)],
  });
  return new Set(rows.map((r) => `${r.id}:${r.organization_id}`));
});
