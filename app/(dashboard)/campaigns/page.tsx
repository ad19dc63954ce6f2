import type { Metadata } from "next";
import Link from "next/link";
import type { ReactNode } from "react";
import { CampaignStateBadge } from "@/app/_components/badge";
import { LinkButton } from "@/app/_components/button";
import { EmptyState } from "@/app/_components/empty-state";
import { PageHeader } from "@/app/_components/page-header";
import { RunStatusBadge } from "@/app/_components/run-badges";
import { failureLabel } from "@/lib/format/failure-labels";
import { Table, TBody, Td, Th, THead, Tr } from "@/app/_components/table";
import { getPageContext } from "@/lib/auth/page-context";
import { CAMPAIGN_STATE_LABELS, CAMPAIGN_STATES } from "@/lib/campaigns/campaign-state";
import { PLATFORM_LABELS, PLATFORMS, skillLabel } from "@/lib/campaigns/catalog";
import { countCampaignsByState } from "@/lib/campaigns/count-campaigns-by-state";
import { listCampaignOverview, type CampaignOverviewRow } from "@/lib/campaigns/list-campaign-overview";
import type { CampaignFilters as Filters } from "@/lib/campaigns/list-campaigns";
import { ZListCampaignsQuery } from "@/lib/campaigns/schemas";
import { listProjects } from "@/lib/projects/list-projects";
import { runnerLabel } from "@/lib/runners/runner-label";
import { CampaignFilters } from "./campaign-filters";
import { ScheduleWords, ViewerZoneName } from "./_components/schedule-words";
import { ViewerTime } from "./_components/viewer-time";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Campaigns" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** The URL's filters, each read on its own: one that does not parse (an old link, a hand-edited URL) is ignored. */
function readFilters(sp: Record<string, string | string[] | undefined>): Filters {
  const out: Record<string, unknown> = {};
  for (const key of ["projectId", "state", "platform", "q"] as const) {
    const raw = sp[key];
    if (typeof raw !== "string" || raw === "") continue;
    const parsed = ZListCampaignsQuery.shape[key].safeParse(raw);
    if (parsed.success && parsed.data !== undefined && parsed.data !== "") out[key] = parsed.data;
  }
  return out as Filters;
}

export default async function CampaignsPage({ searchParams }: { searchParams: SearchParams }) {
  const [{ orgId }, sp] = await Promise.all([getPageContext(), searchParams]);
  const filters = readFilters(sp);
  const [campaigns, counts, projects] = await Promise.all([
    listCampaignOverview({ orgId, ...filters }),
    countCampaignsByState({ orgId }),
    listProjects({ orgId }),
  ]);
  const total = counts.draft + counts.active + counts.paused;
  const filtered = Object.keys(filters).length > 0;

  return (
    <>
      <PageHeader
        title="Campaigns"
        description="Each campaign is one kind of outreach on one platform: what the agent drafts, which agent runs it, and when."
        actions={<LinkButton href="/campaigns/new">New campaign</LinkButton>}
      />
      {total === 0 ? (
        <EmptyState
          title="No campaigns yet"
          description="Create a campaign to tell the agent where to look and what kind of outreach to draft."
          action={<LinkButton href="/campaigns/new">New campaign</LinkButton>}
        />
      ) : (
        <>
          <CampaignFilters
            projects={projects.map((p) => ({ value: String(p.id), label: p.name }))}
            states={CAMPAIGN_STATES.map((s) => ({ value: s, label: `${CAMPAIGN_STATE_LABELS[s]} (${counts[s]})` }))}
            platforms={PLATFORMS.map((p) => ({ value: p, label: PLATFORM_LABELS[p] }))}
          />
          {campaigns.length === 0 ? (
            <EmptyState title="No campaigns match" description="Nothing matches this search and these filters. Clear them to see every campaign." />
          ) : (
            <>
              <p className="mb-2 text-xs text-zinc-500 dark:text-zinc-400" data-testid="campaigns-count">
                {filtered ? `${campaigns.length} of ${total} campaigns` : `${total} ${total === 1 ? "campaign" : "campaigns"}`} · schedules and times in your
                time zone (<ViewerZoneName />)
              </p>
              <div className="hidden md:block">
                <CampaignTable campaigns={campaigns} />
              </div>
              <ul className="space-y-3 md:hidden" aria-label="Campaigns">
                {campaigns.map((c) => (
                  <CampaignCard key={c.id} c={c} />
                ))}
              </ul>
            </>
          )}
        </>
      )}
    </>
  );
}

const muted = "text-zinc-500 dark:text-zinc-400";

function NextRun({ c }: { c: CampaignOverviewRow }) {
  if (!c.cron) return <span className={muted}>On demand</span>;
  if (c.state === "paused") return <span className="text-amber-700 dark:text-amber-300">Paused</span>;
  if (c.state === "draft") return <span className={muted}>Not until active</span>;
  return c.nextRunAt ? <ViewerTime iso={new Date(c.nextRunAt).toISOString()} /> : <span className={muted}>Being scheduled</span>;
}

function LastRun({ c }: { c: CampaignOverviewRow }) {
  const run = c.lastRun;
  if (!run) return <span className={muted}>Never run</span>;
  return (
    <span className="flex flex-col gap-0.5">
      <span className="flex flex-wrap items-center gap-1.5">
        <Link href={`/runs/${run.id}`} className="hover:opacity-80" aria-label={`Run ${run.id}: ${run.status}`}>
          <RunStatusBadge status={run.status} />
        </Link>
        {run.failureReason ? <span className="text-xs text-red-700 dark:text-red-400" title={`failure_reason: ${run.failureReason}`}>{failureLabel(run.failureReason)}</span> : null}
      </span>
      <ViewerTime iso={new Date(run.finishedAt ?? run.startedAt).toISOString()} className="text-xs text-zinc-500 dark:text-zinc-400" />
    </span>
  );
}

function Waiting({ c }: { c: CampaignOverviewRow }) {
  if (c.draftsAwaitingReview === 0) return <span className={muted}>None</span>;
  return (
    <Link href={`/inbox?campaign=${c.id}`} className="font-medium text-indigo-600 hover:underline dark:text-indigo-400">
      {c.draftsAwaitingReview} to review
    </Link>
  );
}

function NameCell({ c }: { c: CampaignOverviewRow }) {
  return (
    <span className="flex min-w-0 flex-col">
      <Link href={`/campaigns/${c.id}`} className="font-medium text-zinc-900 hover:text-indigo-600 hover:underline dark:text-zinc-100 dark:hover:text-indigo-400">
        {c.name}
      </Link>
      <Link href={`/projects/${c.projectId}`} className="inline-block py-1 text-xs text-zinc-500 hover:text-indigo-600 hover:underline dark:text-zinc-400 dark:hover:text-indigo-400">
        {c.projectName}
      </Link>
    </span>
  );
}

function CampaignTable({ campaigns }: { campaigns: CampaignOverviewRow[] }) {
  return (
    <Table label="Campaigns">
      <THead>
        <tr>
          <Th>Campaign</Th>
          <Th>Schedule</Th>
          <Th>Next run</Th>
          <Th>Last run</Th>
          <Th>Drafts waiting</Th>
          <Th>Approach</Th>
          <Th>Agent</Th>
          <Th>State</Th>
        </tr>
      </THead>
      <TBody>
        {campaigns.map((c) => (
          <Tr key={c.id}>
            <Td>
              <NameCell c={c} />
            </Td>
            <Td>
              <ScheduleWords cron={c.cron} className={c.cron ? undefined : muted} />
            </Td>
            <Td className="text-xs whitespace-nowrap">
              <NextRun c={c} />
            </Td>
            <Td className="whitespace-nowrap">
              <LastRun c={c} />
            </Td>
            <Td className="whitespace-nowrap">
              <Waiting c={c} />
            </Td>
            <Td>{skillLabel(c.skill)}</Td>
            <Td className="whitespace-nowrap">{runnerLabel(c.runner)}</Td>
            <Td>
              <CampaignStateBadge state={c.state} />
            </Td>
          </Tr>
        ))}
      </TBody>
    </Table>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-zinc-500 dark:text-zinc-400">{label}</dt>
      <dd className="mt-0.5 min-w-0 text-sm text-zinc-800 dark:text-zinc-200">{children}</dd>
    </div>
  );
}

/** A phone's row: the same facts as the table's, stacked. */
function CampaignCard({ c }: { c: CampaignOverviewRow }) {
  return (
    <li className="rounded-lg border border-zinc-200 bg-white p-4 shadow-xs dark:border-zinc-800 dark:bg-zinc-900">
      <div className="flex items-start justify-between gap-3">
        <NameCell c={c} />
        <CampaignStateBadge state={c.state} />
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-3">
        <Field label="Schedule">
          <ScheduleWords cron={c.cron} className={c.cron ? undefined : muted} />
        </Field>
        <Field label="Next run">
          <NextRun c={c} />
        </Field>
        <Field label="Last run">
          <LastRun c={c} />
        </Field>
        <Field label="Drafts waiting">
          <Waiting c={c} />
        </Field>
        <Field label="Approach">{skillLabel(c.skill)}</Field>
        <Field label="Agent">{runnerLabel(c.runner)}</Field>
      </dl>
    </li>
  );
}
