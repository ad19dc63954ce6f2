// Settings > Account: the signed-in person's own email address (verified or not, Send again, a new one), password, and
// the time zone of the mails sent to them.
// docs/cloud-edition.md, "Accounts and mail".
import type { Metadata } from "next";
import { EmptyState } from "@/app/_components/empty-state";
import { PageHeader } from "@/app/_components/page-header";
import { getPageContext } from "@/lib/auth/page-context";
import { mailUnavailable } from "@/lib/mail/mail-unavailable";
import { getAccount } from "@/lib/users/get-account";
import { EmailCard } from "./email-card";
import { PasswordCard } from "./password-card";
import { TimeZoneCard } from "./time-zone-card";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Account" };

export default async function AccountPage() {
  const { userId, authEnabled } = await getPageContext();
  if (!authEnabled || userId === null) {
    return (
      <>
        <PageHeader title="Account" />
        <EmptyState title="Sign-in is off" description="This install runs without accounts (OUTREACH_AUTH is off), so there is no email address or password to manage." />
      </>
    );
  }
  const account = await getAccount({ userId });
  return (
    <>
      <PageHeader title="Account" description={`Signed in as ${account.username}. Only you see and change these.`} />
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
        <EmailCard email={account.email} emailVerified={account.emailVerified} mailAvailable={account.mailAvailable} mailProblem={mailUnavailable("verification")} />
        <PasswordCard />
        <TimeZoneCard timeZone={account.timeZone} zones={["UTC", ...Intl.supportedValuesOf("timeZone").filter((z) => z !== "UTC")]} />
      </div>
    </>
  );
}
