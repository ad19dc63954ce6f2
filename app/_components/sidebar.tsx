import Link from "next/link";
import { CommandPaletteButton } from "./command-palette";
import { StreamStatusIndicator } from "./event-stream";
import { NotificationBell } from "./notification-bell";
import { OrgSwitcher, type SwitcherOrganization } from "./org-switcher";
import { SidebarNav, type NavItem } from "./sidebar-nav";
import { SignOutButton } from "./sign-out-button";
import { ThemeToggle } from "./theme-toggle";
import { ResponsiveSidebar } from "./responsive-sidebar";

const NAV: NavItem[] = [
  { href: "/", label: "Home" },
  { href: "/inbox", label: "Inbox", waiting: true },
  { href: "/people", label: "People" },
  { href: "/campaigns", label: "Campaigns" },
  { href: "/outcomes", label: "Outcomes" },
  { href: "/projects", label: "Projects" },
  { href: "/playbooks", label: "Playbooks" },
  { href: "/audit", label: "Audit" },
  { href: "/notifications", label: "Notifications" },
  { href: "/settings", label: "Settings" },
];

type SidebarProps = {
  orgId: number;
  orgName: string;
  /** Every organization the user belongs to (the switcher); one entry on a single-organization install. */
  organizations: SwitcherOrganization[];
  canCreateOrganization: boolean;
  username: string | null;
  authEnabled: boolean;
  /** The service's operator sees one more section (lib/operators/is-operator.ts). */
  operator?: boolean;
  /** Drafts waiting for review, shown beside Inbox (kept live from the event stream). */
  inboxWaiting?: number | null;
};

const OPERATOR_ITEM: NavItem = { href: "/operator", label: "Operator" };

export function Sidebar({ orgId, orgName, organizations, canCreateOrganization, username, authEnabled, operator = false, inboxWaiting = null }: SidebarProps) {
  return (
    <ResponsiveSidebar>
      {/* The aside stretches to the page height (background and border); the inner column stays in view. z-30: the
          bell's dropdown opens over the page, above anything positioned in it. */}
      <div className="sticky top-0 z-30 flex h-dvh flex-col overflow-y-auto md:overflow-visible">
        <div className="flex items-center justify-between gap-2 pt-5 pr-4 pb-4 pl-6">
          <Link
            href="/"
            className="inline-flex items-center gap-2 rounded-md text-base font-semibold tracking-tight text-zinc-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 dark:text-zinc-50"
          >
            <span
              aria-hidden="true"
              className="flex size-7 items-center justify-center rounded-md bg-indigo-600 text-sm font-bold text-white dark:bg-indigo-500"
            >
              O
            </span>
            Outreach
          </Link>
          <NotificationBell />
        </div>

        <div className="px-3 pb-3">
          <CommandPaletteButton />
        </div>

        <SidebarNav items={operator ? [...NAV, OPERATOR_ITEM] : NAV} inboxWaiting={inboxWaiting} />

        <div className="space-y-3 border-t border-zinc-200 px-3 py-4 dark:border-zinc-800">
          <OrgSwitcher active={{ id: orgId, name: orgName }} organizations={organizations} canCreate={canCreateOrganization} />
          <div className="px-3">
            {authEnabled && username ? (
              <p className="truncate text-xs text-zinc-500 dark:text-zinc-400" title={username}>
                Signed in as{" "}
                <Link
                  href="/settings/account"
                  aria-label={`Signed in as ${username}: your account`}
                  className="font-medium text-zinc-700 hover:underline dark:text-zinc-300"
                >
                  {username}
                </Link>
              </p>
            ) : null}
          </div>
          {authEnabled ? (
            <div className="px-0.5">
              <SignOutButton />
            </div>
          ) : null}
          <StreamStatusIndicator className="px-3" />
          <div className="px-3">
            <ThemeToggle className="w-full" />
          </div>
        </div>
      </div>
    </ResponsiveSidebar>
  );
}
