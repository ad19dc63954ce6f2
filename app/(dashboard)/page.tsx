import type { Metadata } from "next";
import Link from "next/link";
import { LinkButton } from "@/app/_components/button";
import { Card } from "@/app/_components/card";
import { PageHeader } from "@/app/_components/page-header";
import { listAccounts } from "@/lib/accounts/list-accounts";
import { getPageContext } from "@/lib/auth/page-context";
import { countCampaignsByState } from "@/lib/campaigns/count-campaigns-by-state";
import { describeStateCounts } from "@/lib/campaigns/campaign-state";
import { listProjects } from "@/lib/projects/list-projects";
import { getSpend } from "@/lib/runs/get-spend";
import { listRuns } from "@/lib/runs/list-runs";
import { listDevices } from "@/lib/extension/list-devices";
import { getFreeMinutesLeft } from "@/lib/billing/get-free-minutes-left";
import { hasRole } from "@/lib/auth/resolve-session-caller";
import { MinutesNotice } from "./minutes-notice";
import { RefreshOnStream } from "@/app/_components/refresh-on-stream";
import { RecentRuns } from "./recent-runs";
import { SpendOverview } from "./spend-overview";
import { countDrafts } from "@/lib/drafts/count-drafts";
import { ToReview } from "./to-review";
import { KeyNumbers } from "./outcomes/key-numbers";
import { getOutcomes } from "@/lib/outcomes/get-outcomes";
import { gettingStartedSteps, showGettingStarted } from "@/lib/onboarding/getting-started-steps";
import { isGettingStartedDismissed } from "@/lib/organizations/is-getting-started-dismissed";
import { GettingStarted } from "./getting-started";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Home" };

export default async function HomePage() {
  const { orgId, orgName, role } = await getPageContext();
  const now = new Date();
  const [projects, campaignStates, accounts, spend, recentRuns, devices, minutes, drafts, outcomes, gettingStartedDismissed] = await Promise.all([
    listProjects({ orgId }),
    countCampaignsByState({ orgId }),
    listAccounts({ orgId }),
    getSpend({ orgId, now: new Date() }),
    listRuns({ orgId, limit: 8 }),
    listDevices({ orgId }),
    getFreeMinutesLeft({ orgId }),
    countDrafts({ orgId }),
    getOutcomes({ orgId, query: { from: new Date(now.getTime() - 29 * 86_400_000).toISOString().slice(0, 10) }, now }),
    isGettingStartedDismissed({ orgId }),
  ]);
  // One count per state, from the same states the badges and the list's filter show.
  const campaignCount = campaignStates.draft + campaignStates.active + campaignStates.paused;

  const stats = [
    { label: "Projects", value: projects.length, href: "/projects", note: "products, brands or initiatives" },
    {
      label: "Campaigns",
      value: campaignCount,
      href: "/campaigns",
      note: describeStateCounts(campaignStates),
    },
    { label: "Accounts", value: accounts.length, href: "/projects", note: "platform identities across projects" },
  ];

  const steps = gettingStartedSteps({
    firstProjectId: projects[0]?.id ?? null,
    accounts: accounts.length,
    campaigns: campaignCount,
    devices: devices.filter((d) => !d.revoked).length,
  });
  // A new organization (no campaign yet) has nothing to count: Home leads with the steps to the first campaign
  // instead of a row of zeros. Later the steps stay, above the figures, until all are done or someone hides them.
  const newOrganization = campaignCount === 0;
  const gettingStarted = showGettingStarted(steps, gettingStartedDismissed) ? <GettingStarted steps={steps} /> : null;
  const quickLinks = (
    <Card title="Quick links">
      <ul className="space-y-2 text-sm">
        {[
          { href: "/campaigns/new", label: "New campaign" },
          { href: "/projects", label: "New project" },
          { href: "/inbox", label: "Review drafts" },
          { href: "/settings", label: "Blocklist and settings" },
        ].map((l) => (
          <li key={l.href + l.label}>
            <Link href={l.href} className="font-medium text-indigo-600 hover:underline dark:text-indigo-400">
              {l.label} →
            </Link>
          </li>
        ))}
      </ul>
    </Card>
  );

  return (
    <>
      <PageHeader title="Home" description={`Overview of ${orgName}.`} />
      {minutes && minutes.nearLimit ? <MinutesNotice minutes={minutes} canUpgrade={hasRole(role, "admin")} /> : null}
      <RefreshOnStream runs drafts />

      {newOrganization ? (
        <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-3">
          <div className="lg:col-span-2">{gettingStarted ?? <NoCampaignYet />}</div>
          {quickLinks}
        </div>
      ) : (
        <>
          {gettingStarted ? <div className="mb-6">{gettingStarted}</div> : null}
          <ToReview count={drafts.review} approved={drafts.approved} />
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
            {stats.map((s) => (
              <Link
                key={s.label}
                href={s.href}
                className="group rounded-lg border border-zinc-200 bg-white p-5 shadow-xs transition-colors hover:border-indigo-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 dark:border-zinc-800 dark:bg-zinc-900 dark:hover:border-indigo-500/50"
              >
                <p className="text-sm font-medium text-zinc-500 dark:text-zinc-400">{s.label}</p>
                <p className="mt-2 text-3xl font-semibold tracking-tight text-zinc-900 tabular-nums dark:text-zinc-50">{s.value}</p>
                <p className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">{s.note}</p>
              </Link>
            ))}
          </div>

          {outcomes.totals.drafted > 0 ? (
            <div className="mt-6">
              <KeyNumbers metrics={outcomes.totals} title="Outcomes, last 30 days" href="/outcomes" period="last 30 days" />
            </div>
          ) : null}
          <div className="mt-6">
            <SpendOverview spend={spend} />
          </div>

          <div className="mt-6 grid grid-cols-1 items-start gap-6 lg:grid-cols-3">
            <RecentRuns runs={recentRuns} />
            {quickLinks}
          </div>

          <div className="mt-6 grid grid-cols-1 items-start gap-6 lg:grid-cols-3">
            {projects.length === 0 ? (
              <div className="lg:col-span-2">{gettingStarted ?? <NoCampaignYet />}</div>
            ) : (
              <Card
                title="Recent projects"
                className="lg:col-span-2"
                flush
                actions={<LinkButton href="/projects" variant="ghost" size="sm">View all</LinkButton>}
              >
                <ul className="divide-y divide-zinc-200 dark:divide-zinc-800">
                  {projects.slice(0, 5).map((p) => (
                    <li key={p.id}>
                      <Link
                        href={`/projects/${p.id}`}
                        className="flex items-center justify-between gap-4 px-5 py-3 hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-indigo-500 dark:hover:bg-zinc-800/40"
                      >
                        <span className="truncate text-sm font-medium text-zinc-900 dark:text-zinc-100">{p.name}</span>
                        <span className="shrink-0 text-xs text-zinc-500 tabular-nums dark:text-zinc-400">
                          {p.accountCount} {p.accountCount === 1 ? "account" : "accounts"} · {p.campaignCount}{" "}
                          {p.campaignCount === 1 ? "campaign" : "campaigns"}
                        </span>
                      </Link>
                    </li>
                  ))}
                </ul>
              </Card>
            )}
          </div>
        </>
      )}
    </>
  );
}

/** Where Getting started was hidden before a first campaign: one line and the way to make one. */
function NoCampaignYet() {
  return (
    <Card title="No campaign yet" description="A campaign tells the agent who to reach, where and when.">
      <LinkButton href="/campaigns/new">New campaign</LinkButton>
    </Card>
  );
}
