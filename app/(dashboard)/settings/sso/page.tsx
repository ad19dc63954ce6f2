// Settings > Single sign-on (admins): connect the organization's OpenID Connect provider, prove the email domain with
// the admin's verified address, and choose how people of that domain sign in (docs/sso.md).
import type { Metadata } from "next";
import { PageHeader } from "@/app/_components/page-header";
import { getPageContext } from "@/lib/auth/page-context";
import { hasRole } from "@/lib/auth/resolve-session-caller";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { isCloudEdition } from "@/lib/edition/edition";
import { getSsoConnection } from "@/lib/sso/get-sso-connection";
import { emailDomain } from "@/lib/sso/email-domain";
import { AdminOnlyNotice } from "../webhooks/_components/admin-only";
import { SsoSettings } from "./sso-settings";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Single sign-on" };

export default async function SsoPage() {
  const { orgId, role, userId } = await getPageContext();
  if (!hasRole(role, "admin")) {
    return <AdminOnlyNotice section="Single sign-on" description="Sign-in through your organization's identity provider." reason="It decides who can join and how everyone signs in, so only admins and owners set it up." />;
  }
  const [connection, me] = await Promise.all([
    getSsoConnection({ orgId }),
    userId === null ? null : db.user.findUnique({ where: { id: userId }, select: { email: true, emailVerifiedAt: true } }),
  ]);
  // Providers send people back to an address registered with them, so the dashboard must know its own.
  const unavailable = env.OUTREACH_PUBLIC_URL
    ? null
    : isCloudEdition()
      ? "Single sign-on is not available on this service yet."
      : "Single sign-on needs the dashboard's public address: the operator sets OUTREACH_PUBLIC_URL.";
  return (
    <>
      <PageHeader
        title="Single sign-on"
        description="People of your email domain sign in through your identity provider (OpenID Connect). The first time, they join this organization with the role you choose."
      />
      <SsoSettings
        connection={connection}
        unavailable={unavailable}
        myEmail={me?.email ?? null}
        myEmailVerified={Boolean(me?.emailVerifiedAt)}
        myDomain={me?.email ? emailDomain(me.email) : null}
      />
    </>
  );
}
