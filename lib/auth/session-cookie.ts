// The `outreach_session` cookie: a next-auth JWT (encrypted with AUTH_SECRET) carrying the user, the organization
// they are working in, the token's own id (jti) and the user's session version. Signing out records the jti as
// revoked; Sign out everywhere raises the version. Both are checked with the membership read every request makes
// (lib/auth/resolve-session-caller.ts). The login route and next-auth's own handler write the same token.
import { encode, decode } from "next-auth/jwt";
import { env } from "@/lib/env";
import { getPool } from "@/lib/db/client";

export const SESSION_COOKIE = "outreach_session";
export const SESSION_MAX_AGE_S = 30 * 24 * 60 * 60;

export interface SessionClaims {
  userId: number;
  orgId: number;
  username: string;
  /**
   * Set when the session was made through this organization's single sign-on: it then works in that organization
   * only, so one organization's provider can never open another organization (docs/sso.md).
   */
  ssoOrgId?: number | null;
}

export interface DecodedSession extends SessionClaims {
  /** The token's id, for signing this one session out. */
  jti: string;
  /** The user's session version when the token was made. */
  sessionVersion: number;
  /** When the token stops being valid anyway. */
  expiresAt: Date;
}

function secret(): string {
  if (!env.AUTH_SECRET) throw new Error("AUTH_SECRET is required when OUTREACH_AUTH=on");
  return env.AUTH_SECRET;
}

/** A new session token for the user, at their current session version (next-auth gives it a fresh jti). */
export async function encodeSession(claims: SessionClaims): Promise<string> {
  const { rows } = await getPool().query<{ session_version: number }>(`SELECT session_version FROM users WHERE id = $1`, [claims.userId]);
  return encode({
    secret: secret(),
    maxAge: SESSION_MAX_AGE_S,
    token: { sub: String(claims.userId), name: claims.username, orgId: claims.orgId, sv: rows[0]?.session_version ?? 0, ...(claims.ssoOrgId ? { sso: claims.ssoOrgId } : {}) },
  });
}

// Decrypting the token derives its key with HKDF on every call; a verified token is remembered until it expires
// (bounded), so each request pays for it once. Revocation and membership are still read per request.
const decoded = new Map<string, DecodedSession>();
const DECODED_MAX = 1000;

export async function decodeSession(token: string | undefined): Promise<DecodedSession | null> {
  if (!token) return null;
  const hit = decoded.get(token);
  if (hit && hit.expiresAt.getTime() > Date.now()) return hit;
  try {
    const payload = await decode({ token, secret: secret() });
    // A token without an id or a version predates revocable sessions: it cannot be signed out, so it is not taken.
    if (!payload?.sub || typeof payload.orgId !== "number" || typeof payload.jti !== "string" || typeof payload.sv !== "number") return null;
    if (typeof payload.exp !== "number") return null;
    const session: DecodedSession = {
      userId: Number(payload.sub),
      orgId: payload.orgId,
      username: String(payload.name ?? ""),
      jti: payload.jti,
      sessionVersion: payload.sv,
      expiresAt: new Date(payload.exp * 1000),
      ssoOrgId: typeof payload.sso === "number" ? payload.sso : null,
    };
    if (decoded.size >= DECODED_MAX) decoded.delete(decoded.keys().next().value!);
    decoded.set(token, session);
    return session;
  } catch {
    return null;
  }
}

/** `secure`: the browser reached us over HTTPS (lib/http/request-origin), so the cookie never travels in clear. */
export function sessionCookieHeader(value: string, secure: boolean): string {
  const parts = [`${SESSION_COOKIE}=${value}`, "Path=/", "HttpOnly", "SameSite=Lax", `Max-Age=${SESSION_MAX_AGE_S}`];
  if (secure) parts.push("Secure");
  return parts.join("; ");
}

export function clearSessionCookieHeader(secure: boolean): string {
  return `${SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secure ? "; Secure" : ""}`;
}

export function readCookie(header: string | null, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const [k, ...v] = part.trim().split("=");
    if (k === name) return v.join("=");
  }
  return undefined;
}
