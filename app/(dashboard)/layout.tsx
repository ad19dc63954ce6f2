import type { ReactNode } from "react";
import { EventStreamProvider } from "@/app/_components/event-stream";
import { Sidebar } from "@/app/_components/sidebar";
import { CommandPalette } from "@/app/_components/command-palette";
import { getPageContext } from "@/lib/auth/page-context";
import { isCloudEdition } from "@/lib/edition/edition";
import { listUserOrganizations } from "@/lib/organizations/list-user-organizations";
import { isOperator } from "@/lib/operators/is-operator";
import { countDrafts } from "@/lib/drafts/count-drafts";
import { getAccount } from "@/lib/users/get-account";
import { VerifyEmailBanner } from "./verify-email-banner";

export const dynamic = "force-dynamic";

export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const ctx = await getPageContext();
  const organizations = ctx.userId !== null ? await listUserOrganizations({ userId: ctx.userId }) : [{ id: ctx.orgId, name: ctx.orgName, role: ctx.role }];
  // An address not confirmed yet, on an install that can send the link again.
  const account = ctx.authEnabled && ctx.userId !== null ? await getAccount({ userId: ctx.userId }) : null;
  const unverified = account?.email && !account.emailVerified && account.mailAvailable ? account.email : null;
  return (
    // One live stream per tab for every dashboard page (and the sidebar's status line).
    <EventStreamProvider>
      {/* The first stop for the Tab key: past the sidebar's links straight to the page. */}
      <a
        href="#main"
        className="sr-only rounded-md bg-white px-3 py-2 text-sm font-medium text-zinc-900 shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 dark:bg-zinc-900 dark:text-zinc-100"
      >
        Skip to main content
      </a>
      <div className="min-h-screen md:flex">
        <Sidebar
          orgId={ctx.orgId}
          orgName={ctx.orgName}
          organizations={organizations}
          canCreateOrganization={ctx.userId !== null && isCloudEdition()}
          username={ctx.username}
          authEnabled={ctx.authEnabled}
          operator={await isOperator(ctx)}
          inboxWaiting={(await countDrafts({ orgId: ctx.orgId })).review}
        />
        {/* Ctrl/Cmd+K on every dashboard page. */}
        <CommandPalette />
        <main id="main" tabIndex={-1} className="min-w-0 flex-1 focus:outline-none">
          {unverified ? <VerifyEmailBanner email={unverified} /> : null}
          <div className="mx-auto max-w-[1200px] px-4 py-5 sm:px-6 md:px-8 md:py-8 xl:px-10">{children}</div>
        </main>
      </div>
    </EventStreamProvider>
  );
}
