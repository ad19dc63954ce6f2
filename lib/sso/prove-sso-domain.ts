// Proves the organization's email domain for single sign-on: the admin's own address, verified by the mailed link
// (lib/users/verify-email.ts), shows they receive mail at the domain. A domain belongs to one organization at a time,
// since a work email must route to one provider; mailbox providers everyone can sign up with are never a company's.
import { db } from "@/lib/db/client";
import { AppError, notFound } from "@/lib/http/errors";
import { env } from "@/lib/env";
import { SSO_VIEW_SELECT, toSsoConnectionView, type SsoConnectionView } from "@/lib/sso/sso-connection-view";
import { emailDomain, isPublicMailDomain } from "@/lib/sso/email-domain";

export async function proveSsoDomain({ orgId, userId }: { orgId: number; userId: number }): Promise<SsoConnectionView> {
  const connection = await db.ssoConnection.findFirst({ where: { organizationId: orgId }, select: { id: true } });
  if (!connection) throw notFound("Single sign-on connection");
  const user = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { email: true, emailVerifiedAt: true } });
  if (!user.email) throw new AppError("unprocessable", "Add your work email address in Settings > Account first: its domain is the one proved.");
  if (!user.emailVerifiedAt) throw new AppError("unprocessable", `Verify ${user.email} first (Settings > Account sends the link): a verified address proves the domain.`);
  const domain = emailDomain(user.email);
  if (isPublicMailDomain(domain)) {
    throw new AppError("unprocessable", `${domain} is a public mailbox provider that anyone can use; sign-in can only be routed for your organization's own domain.`);
  }
  try {
    const row = await db.ssoConnection.update({ where: { id: connection.id }, data: { domain, domainVerifiedAt: new Date() }, select: SSO_VIEW_SELECT });
    return toSsoConnectionView(row, env.OUTREACH_PUBLIC_URL);
  } catch (err) {
    if ((err as { code?: string }).code === "P2002") throw new AppError("conflict", `${domain} is already proved by another organization. Ask support if it should be yours.`);
    throw err;
  }
}
