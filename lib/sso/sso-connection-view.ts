// What the settings page and GET /api/settings/sso show of a connection: never the secret, only that one is stored.
import type { Role } from "@/lib/generated/prisma/enums";

export interface SsoConnectionView {
  issuer: string;
  clientId: string;
  hasClientSecret: true;
  domain: string | null;
  domainVerifiedAt: string | null;
  defaultRole: Role;
  enabled: boolean;
  passwordSignInDisabled: boolean;
  /** The address to register with the provider as the redirect (callback) URI. */
  redirectUri: string | null;
}

export const SSO_VIEW_SELECT = {
  id: true,
  issuer: true,
  clientId: true,
  domain: true,
  domainVerifiedAt: true,
  defaultRole: true,
  enabled: true,
  passwordSignInDisabled: true,
} as const;

export function ssoProviderId(connectionId: number): string {
  return `sso-${connectionId}`;
}

export function toSsoConnectionView(
  row: { id: number; issuer: string; clientId: string; domain: string | null; domainVerifiedAt: Date | null; defaultRole: Role; enabled: boolean; passwordSignInDisabled: boolean },
  publicUrl: string | undefined,
): SsoConnectionView {
  return {
    issuer: row.issuer,
    clientId: row.clientId,
    hasClientSecret: true,
    domain: row.domain,
    domainVerifiedAt: row.domainVerifiedAt?.toISOString() ?? null,
    defaultRole: row.defaultRole,
    enabled: row.enabled,
    passwordSignInDisabled: row.passwordSignInDisabled,
    redirectUri: publicUrl ? new URL(`/api/auth/callback/${ssoProviderId(row.id)}`, publicUrl).href : null,
  };
}
