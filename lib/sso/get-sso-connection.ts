// The organization's single sign-on connection as its settings show it, or null when none is set up.
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { SSO_VIEW_SELECT, toSsoConnectionView, type SsoConnectionView } from "@/lib/sso/sso-connection-view";

export async function getSsoConnection({ orgId }: { orgId: number }): Promise<SsoConnectionView | null> {
  const row = await db.ssoConnection.findFirst({ where: { organizationId: orgId }, select: SSO_VIEW_SELECT });
  return row ? toSsoConnectionView(row, env.OUTREACH_PUBLIC_URL) : null;
}
