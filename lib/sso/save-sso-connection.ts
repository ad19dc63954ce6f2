// Connects (or reconnects) the organization's OpenID Connect provider: discovery through the outbound guard, then the
// endpoints and the sealed client secret are stored. The proved domain and the choices survive a reconnect; a new
// issuer switches sign-in off until an admin turns it on again, since people would land at a different provider.
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { AppError } from "@/lib/http/errors";
import { sealCredentials } from "@/lib/crypto/credentials";
import { discoverOidcIssuer } from "@/lib/sso/discover-oidc-issuer";
import { SSO_VIEW_SELECT, toSsoConnectionView, type SsoConnectionView } from "@/lib/sso/sso-connection-view";

export async function saveSsoConnection({ orgId, issuer, clientId, clientSecret }: { orgId: number; issuer: string; clientId: string; clientSecret?: string }): Promise<SsoConnectionView> {
  const existing = await db.ssoConnection.findFirst({ where: { organizationId: orgId }, select: { issuer: true } });
  if (!existing && !clientSecret) throw new AppError("bad_request", "Enter the client secret the provider gave you.", { field: "clientSecret" });
  const endpoints = await discoverOidcIssuer({ issuer });
  const sealed = clientSecret ? sealCredentials({ secret: clientSecret }) : null;
  const fields = {
    issuer: endpoints.issuer,
    clientId,
    authorizationEndpoint: endpoints.authorizationEndpoint,
    tokenEndpoint: endpoints.tokenEndpoint,
    userinfoEndpoint: endpoints.userinfoEndpoint,
    jwksUri: endpoints.jwksUri,
    ...(sealed ? { secretCiphertext: sealed.ciphertext, secretKeyId: sealed.keyId } : {}),
  };
  const row = existing
    ? await db.ssoConnection.update({
        where: { organizationId: orgId },
        data: { ...fields, ...(existing.issuer !== endpoints.issuer ? { enabled: false } : {}) },
        select: SSO_VIEW_SELECT,
      })
    : await db.ssoConnection.create({
        data: { organizationId: orgId, ...fields, secretCiphertext: sealed!.ciphertext, secretKeyId: sealed!.keyId },
        select: SSO_VIEW_SELECT,
      });
  return toSsoConnectionView(row, env.OUTREACH_PUBLIC_URL);
}
