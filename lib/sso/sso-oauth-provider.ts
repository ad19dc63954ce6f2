// The next-auth provider for one organization's connection, built per request (docs/sso.md "One provider per
// request"). next-auth v4 takes a fixed list of providers, so the catch-all route builds its options for each request
// with at most one provider: the connection named by the path (/api/auth/signin/sso-<id>, /api/auth/callback/sso-<id>).
// The callback for sso-12 can therefore only ever validate tokens against connection 12's issuer, client and keys,
// and sign people in to connection 12's organization.
//
// Outbound requests: the endpoints come from discovery read through the guard when the admin saved them, and are
// judged again here (an operator may have withdrawn private addresses since); openid-client's own requests (token,
// keys) connect through the guard's lookup, so a host name that now resolves to a refused address is not reached; the
// userinfo read, when the ID token lacks the address, goes through the guarded client.
import type { OAuthConfig } from "next-auth/providers/oauth";
import { db } from "@/lib/db/client";
import { openCredentials } from "@/lib/crypto/credentials";
import { assertHostAllowed } from "@/lib/net/assert-host-allowed";
import { guardedLookup } from "@/lib/net/guarded-lookup";
import { guardedRequest } from "@/lib/net/guarded-request";
import { allowPrivateHosts } from "@/lib/net/private-hosts";
import { ssoProviderId } from "@/lib/sso/sso-connection-view";

const SSO_PROVIDER_ID = /^sso-([1-9][0-9]{0,9})$/;
const PROVIDER_TIMEOUT_MS = 10_000;
const MAX_USERINFO_BYTES = 64 * 1024;

/** The person as the provider describes them, before the organization's checks (lib/sso/sign-in-with-sso.ts). */
export interface SsoProfile {
  id: string;
  email: string | null;
  emailVerified: unknown;
  name: string | null;
  connectionId: number;
}

export function connectionIdOf(providerId: string | undefined): number | null {
  const m = providerId ? SSO_PROVIDER_ID.exec(providerId) : null;
  return m ? Number(m[1]) : null;
}

/** The provider for `sso-<id>`, or null when no such connection is switched on. */
export async function loadSsoOAuthProvider(providerId: string | undefined): Promise<OAuthConfig<Record<string, unknown>> | null> {
  const connectionId = connectionIdOf(providerId);
  if (connectionId === null) return null;
  const c = await db.ssoConnection.findUnique({ where: { id: connectionId } });
  if (!c?.enabled || !c.domain) return null;
  const policy = { allowPrivate: allowPrivateHosts() };
  for (const url of [c.authorizationEndpoint, c.tokenEndpoint, c.jwksUri, ...(c.userinfoEndpoint ? [c.userinfoEndpoint] : [])]) {
    await assertHostAllowed(url, { policy, what: "The provider's address", field: "issuer" });
  }
  const clientSecret = (openCredentials(c.secretCiphertext, c.secretKeyId) as { secret: string }).secret;
  return {
    id: ssoProviderId(c.id),
    name: "Single sign-on",
    type: "oauth",
    issuer: c.issuer,
    clientId: c.clientId,
    clientSecret,
    authorization: { url: c.authorizationEndpoint, params: { scope: "openid email profile" } },
    token: { url: c.tokenEndpoint },
    userinfo: c.userinfoEndpoint ? { url: c.userinfoEndpoint } : undefined,
    jwks_endpoint: c.jwksUri,
    // The ID token is validated (signature against the provider's keys, issuer, audience, nonce) by openid-client.
    idToken: true,
    checks: ["pkce", "state", "nonce"],
    httpOptions: { timeout: PROVIDER_TIMEOUT_MS, lookup: guardedLookup(policy.allowPrivate) },
    async profile(claims, tokens): Promise<SsoProfile> {
      let merged: Record<string, unknown> = claims;
      // Some providers keep the address out of the ID token; then it is read from userinfo, for the same subject.
      if (typeof claims.email !== "string" && c.userinfoEndpoint && tokens.access_token) {
        const res = await guardedRequest({ url: c.userinfoEndpoint, policy, timeoutMs: PROVIDER_TIMEOUT_MS, headers: { authorization: `Bearer ${tokens.access_token}`, accept: "application/json" } });
        const body = await res.read({ maxBytes: MAX_USERINFO_BYTES, overflow: "fail" });
        const info = res.status === 200 ? (JSON.parse(body.bytes.toString("utf8")) as Record<string, unknown>) : {};
        if (info.sub === claims.sub) merged = { ...info, ...claims };
      }
      return {
        id: String(merged.sub),
        email: typeof merged.email === "string" ? merged.email : null,
        emailVerified: merged.email_verified,
        name: typeof merged.name === "string" ? merged.name : null,
        connectionId: c.id,
      };
    },
  };
}
