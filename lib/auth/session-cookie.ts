// The `outreach_session` cookie: a next-auth JWT (encrypted with AUTH_SECRET) carrying the user and the
// organization they are working in. The login route and next-auth's own handler write the same token.
import { encode, decode } from "next-auth/jwt";
import { env } from "@/lib/env";

export const SESSION_COOKIE = "outreach_session";
export const SESSION_MAX_AGE_S = 30 * 24 * 60 * 60;

export interface SessionClaims {
  userId: number;
  orgId: number;
  username: string;
}

function secret(): string {
  if (!env.AUTH_SECRET) throw new Error("AUTH_SECRET is required when OUTREACH_AUTH=on");
  return env.AUTH_SECRET;
}

export async function encodeSession(claims: SessionClaims): Promise<string> {
  return encode({
    secret: secret(),
    maxAge: SESSION_MAX_AGE_S,
    token: { sub: String(claims.userId), name: claims.username, orgId: claims.orgId },
  });
}

// Decrypting the token derives its key with HKDF on every call; a verified token is remembered until it expires
// (bounded), so each request pays for it once. Membership is still re-read per request (resolve-session-caller).
const decoded = new Map<string, { claims: SessionClaims; expiresAt: number }>();
const DECODED_MAX = 1000;

export async function decodeSession(token: string | undefined): Promise<SessionClaims | null> {
  if (!token) return null;
  const hit = decoded.get(token);
  if (hit && hit.expiresAt > Date.now()) return hit.claims;
  try {
    const payload = await decode({ token, secret: secret() });
    if (!payload?.sub || typeof payload.orgId !== "number") return null;
    const claims = { userId: Number(payload.sub), orgId: payload.orgId, username: String(payload.name ?? "") };
    if (typeof payload.exp === "number") {
      if (decoded.size >= DECODED_MAX) decoded.delete(decoded.keys().next().value!);
      decoded.set(token, { claims, expiresAt: payload.exp * 1000 });
    }
    return claims;
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
