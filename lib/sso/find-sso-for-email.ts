// Which provider a work email signs in through: the enabled connection whose proved domain is the address's. It reads
// across organizations by design (a signed-out person names only an address), hence the name; it answers the
// provider id and nothing of the organization.
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { AppError } from "@/lib/http/errors";
import { emailDomain } from "@/lib/sso/email-domain";
import { ssoProviderId } from "@/lib/sso/sso-connection-view";

export async function unsafeFindSsoForEmail({ email }: { email: string }): Promise<{ providerId: string }> {
  if (!env.OUTREACH_PUBLIC_URL) {
    // The provider sends people back to an address registered with it, so the dashboard must know its own.
    throw new AppError("unavailable", "Single sign-on is not available on this installation yet.");
  }
  const domain = emailDomain(email);
  const connection = await db.ssoConnection.findFirst({ where: { domain, enabled: true }, select: { id: true } });
  if (!connection) throw new AppError("not_found", `Single sign-on is not set up for ${domain}. Sign in with your password.`);
  return { providerId: ssoProviderId(connection.id) };
}
