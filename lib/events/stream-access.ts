// What keeps an open /api/stream allowed, asked again on every keep-alive: a request is checked once, a stream lives
// for hours. A signed-in stream needs its session still valid (not signed out, the user still a member of the
// organization); an API key's stream needs the key neither revoked nor expired. With sign-in off there is nothing to
// lose.
import { getPool } from "@/lib/db/client";
import { resolveSessionCaller } from "@/lib/auth/resolve-session-caller";

export function streamAccessCheck(req: Request, caller: { orgId: number; userId: number | null; apiKey?: { id: number } }): (() => Promise<boolean>) | undefined {
  if (caller.apiKey) {
    const keyId = caller.apiKey.id;
    return async () => {
      const { rows } = await getPool().query<{ ok: boolean }>(
        `SELECT (revoked_at IS NULL AND (expires_at IS NULL OR expires_at > now())) AS ok FROM api_keys WHERE id = $1 AND organization_id = $2`,
        [keyId, caller.orgId],
      );
      return rows[0]?.ok === true;
    };
  }
  if (caller.userId === null) return undefined;
  const cookie = req.headers.get("cookie");
  return async () => (await resolveSessionCaller(cookie))?.orgId === caller.orgId;
}
