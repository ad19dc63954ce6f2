// The admin's choices for single sign-on: on or off, the role people join with, and whether people of the domain may
// still sign in with a password. Sign-in through the provider needs a proved domain, since that is how a work email
// finds its organization.
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { AppError, notFound } from "@/lib/http/errors";
import type { Role } from "@/lib/generated/prisma/enums";
import { SSO_VIEW_SELECT, toSsoConnectionView, type SsoConnectionView } from "@/lib/sso/sso-connection-view";

export async function updateSsoSettings({ orgId, enabled, passwordSignInDisabled, defaultRole }: { orgId: number; enabled?: boolean; passwordSignInDisabled?: boolean; defaultRole?: Extract<Role, "member" | "admin"> }): Promise<SsoConnectionView> {
  const connection = await db.ssoConnection.findFirst({ where: { organizationId: orgId }, select: { id: true, domain: true } });
  if (!connection) throw notFound("Single sign-on connection");
  if (enabled && !connection.domain) throw new AppError("unprocessable", "Prove your email domain first: it is how a work email finds this organization's provider.");
  const row = await db.ssoConnection.update({
    where: { id: connection.id },
    data: { enabled, passwordSignInDisabled, defaultRole },
    select: SSO_VIEW_SELECT,
  });
  return toSsoConnectionView(row, env.OUTREACH_PUBLIC_URL);
}
