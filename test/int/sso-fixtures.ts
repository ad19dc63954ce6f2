// Single sign-on set up the way an admin does it (connect, prove the domain with their verified address, switch on),
// against a real provider (test/int/oidc-test-provider.ts). Each organization gets a domain of its own.
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { saveSsoConnection } from "@/lib/sso/save-sso-connection";
import { proveSsoDomain } from "@/lib/sso/prove-sso-domain";
import { updateSsoSettings } from "@/lib/sso/update-sso-settings";
import type { OidcTestProvider } from "./oidc-test-provider";
import { uid, type OrgFixture } from "./fixtures";

export const SSO_PUBLIC_URL = "http://dashboard.test";

/** The provider is on loopback, and a callback address needs the dashboard's own: both as an operator sets them. */
export function ssoTestEnv(): () => void {
  const saved = { url: env.OUTREACH_PUBLIC_URL, priv: process.env.OUTREACH_ALLOW_PRIVATE_HOSTS };
  env.OUTREACH_PUBLIC_URL = SSO_PUBLIC_URL;
  process.env.OUTREACH_ALLOW_PRIVATE_HOSTS = "on";
  return () => {
    env.OUTREACH_PUBLIC_URL = saved.url;
    if (saved.priv === undefined) delete process.env.OUTREACH_ALLOW_PRIVATE_HOSTS;
    else process.env.OUTREACH_ALLOW_PRIVATE_HOSTS = saved.priv;
  };
}

/** Connects `org` to the provider with a domain of its own; returns the domain and the connection id. */
export async function connectSso(org: OrgFixture, provider: OidcTestProvider, opts: { enabled?: boolean; passwordSignInDisabled?: boolean; defaultRole?: "member" | "admin" } = {}) {
  const domain = `corp-${uid()}.example`;
  await db.user.update({ where: { id: org.userId }, data: { email: `admin@${domain}`, emailVerifiedAt: new Date() } });
  await saveSsoConnection({ orgId: org.orgId, issuer: provider.issuer, clientId: provider.clientId, clientSecret: provider.clientSecret });
  await proveSsoDomain({ orgId: org.orgId, userId: org.userId });
  await updateSsoSettings({ orgId: org.orgId, enabled: opts.enabled ?? true, passwordSignInDisabled: opts.passwordSignInDisabled ?? false, defaultRole: opts.defaultRole ?? "member" });
  const row = await db.ssoConnection.findUniqueOrThrow({ where: { organizationId: org.orgId }, select: { id: true } });
  return { domain, connectionId: row.id };
}
