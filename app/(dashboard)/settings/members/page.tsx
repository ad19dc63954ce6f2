// Settings > Members: who belongs to the organization and with which role, invitation links (admins), and the
// organization itself: rename (admins), leave, delete (owners). docs/cloud-edition.md describes the roles.
import type { Metadata } from "next";
import { Card } from "@/app/_components/card";
import { PageHeader } from "@/app/_components/page-header";
import { EmptyState } from "@/app/_components/empty-state";
import { getPageContext } from "@/lib/auth/page-context";
import { hasRole } from "@/lib/auth/resolve-session-caller";
import { listMembers } from "@/lib/members/list-members";
import { listInvites } from "@/lib/invites/list-invites";
import { listUserOrganizations } from "@/lib/organizations/list-user-organizations";
import { mailSettings } from "@/lib/mail/mail-settings";
import { mailUnavailable } from "@/lib/mail/mail-unavailable";
import { MembersTable } from "./members-table";
import { InvitePanel } from "./invite-panel";
import { OrganizationPanel } from "./organization-panel";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Members" };

export default async function MembersPage() {
  const { orgId, orgName, role, userId, authEnabled } = await getPageContext();
  if (!authEnabled || userId === null) {
    return (
      <>
        <PageHeader title="Members" />
        <EmptyState title="Sign-in is off" description="This install runs without accounts (OUTREACH_AUTH is off), so there are no members to manage." />
      </>
    );
  }
  const admin = hasRole(role, "admin");
  const [members, invites, organizations] = await Promise.all([
    listMembers({ orgId, userId }),
    admin ? listInvites({ orgId }) : Promise.resolve([]),
    listUserOrganizations({ userId }),
  ]);

  return (
    <>
      <PageHeader title="Members" description={`Who works in ${orgName}. Owners manage billing and other owners; admins manage members, invitations and settings; members review and send.`} />
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-5">
        <div className="space-y-6 lg:col-span-3">
          <Card title={`Members (${members.length})`} flush>
            <MembersTable members={members} callerRole={role} />
          </Card>
          <OrganizationPanel name={orgName} role={role} otherOrganizations={organizations.length - 1} />
        </div>
        <div className="lg:col-span-2">
          {admin ? (
            <InvitePanel invites={invites} canInviteOwners={hasRole(role, "owner")} mailProblem={mailSettings() ? null : mailUnavailable("invitation_form")} />
          ) : (
            <Card title="Invitations">
              <p className="text-sm text-zinc-600 dark:text-zinc-400">Admins and owners invite people. Ask one of them for a link.</p>
            </Card>
          )}
        </div>
      </div>
    </>
  );
}
