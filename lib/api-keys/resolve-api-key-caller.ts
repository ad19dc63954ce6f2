// `Authorization: Bearer oak_…` on the dashboard's JSON routes and the remote MCP server: the key's organization,
// acting as a member (or read-only). A missing, revoked or expired key is 401; a key over its rate is 429 with
// Retry-After. The key never acts as an admin or owner, so admin routes answer 403 as they would to a member.
import { getPool } from "@/lib/db/client";
import { AppError, rateLimited } from "@/lib/http/errors";
import type { OrgCaller } from "@/lib/auth/resolve-session-caller";
import { API_KEY_PATTERN, hashApiKey } from "@/lib/api-keys/api-key-token";
import { takeApiKeyToken } from "@/lib/api-keys/rate-limit";

export interface ApiKeyCaller extends OrgCaller {
  apiKey: { id: number; prefix: string; readOnly: boolean };
}

/**
 * What a refused API key is told: the same words whether the key is unknown, revoked, expired or not even shaped like
 * a key (a caller that sent `Authorization: Bearer …` meant to use a key, so "sign in" would send them the wrong way).
 */
export const INVALID_API_KEY = "Invalid or revoked API key: check the key, or create a new one in Settings > API keys";

/** Whether the request presents a bearer token at all (a key, or something meant as one). */
export function presentsBearer(req: Request): boolean {
  return /^Bearer\s+\S/i.test(req.headers.get("authorization") ?? "");
}

/** The 401 message of a dashboard route that resolved no caller. */
export function unauthenticatedMessage(req: Request): string {
  return presentsBearer(req) ? INVALID_API_KEY : "Sign in to continue";
}

/** The bearer API key of a request, or null when it carries none (a session request). */
export function bearerApiKey(req: Request): string | null {
  const m = /^Bearer\s+(oak_\S+)$/i.exec(req.headers.get("authorization") ?? "");
  return m ? m[1]! : null;
}

export async function resolveApiKeyCaller(key: string, now = new Date()): Promise<ApiKeyCaller> {
  const refused = new AppError("unauthorized", INVALID_API_KEY);
  if (!API_KEY_PATTERN.test(key)) throw refused;
  const { rows } = await getPool().query<{ id: number; prefix: string; role: "read_only" | "member"; organization_id: number; org_name: string; expires_at: Date | null; revoked_at: Date | null }>(
    `SELECT k.id, k.prefix, k.role, k.organization_id, o.name AS org_name, k.expires_at, k.revoked_at
       FROM api_keys k JOIN organizations o ON o.id = k.organization_id WHERE k.token_hash = $1`,
    [hashApiKey(key)],
  );
  const row = rows[0];
  if (!row || row.revoked_at || (row.expires_at && row.expires_at <= now)) throw refused;
  const taken = await takeApiKeyToken(row.id);
  if (!taken.ok) throw rateLimited(`This API key is over its rate limit; try again in ${taken.retryAfterSeconds} s`, taken.retryAfterSeconds);
  return {
    orgId: row.organization_id,
    orgName: row.org_name,
    userId: null,
    username: null,
    role: "member",
    authEnabled: true,
    apiKey: { id: row.id, prefix: row.prefix, readOnly: row.role === "read_only" },
  };
}

const READS = new Set(["GET", "HEAD"]);

/** A read-only key may only read. */
export function assertKeyMayWrite(caller: ApiKeyCaller, method: string): void {
  if (caller.apiKey.readOnly && !READS.has(method.toUpperCase())) throw new AppError("forbidden", "This API key is read-only");
}
