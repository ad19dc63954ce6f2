import type { Metadata } from "next";
import Link from "next/link";
import type { ReactNode } from "react";
import { Badge, CampaignStateBadge } from "@/app/_components/badge";
import { platformLabel, skillLabel, type Platform } from "@/lib/campaigns/catalog";
import { ProfileView } from "../_components/profile-view";
import { Card } from "@/app/_components/card";
import { formatDateTime } from "@/app/_components/format";
import { orNotFound, parseIdOr404 } from "@/app/_components/not-found-guard";
import { PageHeader } from "@/app/_components/page-header";
import { Tabs } from "@/app/_components/tabs";
import { getPageContext } from "@/lib/auth/page-context";
import { getCampaignOrThrow } from "@/lib/campaigns/get-campaign";
import { getCampaignReadiness } from "@/lib/campaigns/get-campaign-readiness";
import { detectRunners } from "@/lib/runners/detect-runners";
import { runnerLabel } from "@/lib/runners/runner-label";
import { listRuns } from "@/lib/runs/list-runs";
import { FAILURE_REASONS } from "@/lib/runs/run-summary";
import { listTuningRuns } from "@/lib/skill-generation/list-tuning-runs";
import { getTuningRun } from "@/lib/skill-generation/get-tuning-run";
import { CampaignDelete } from "./campaign-delete";
import { CampaignEditForm } from "./campaign-edit-form";
import { CampaignLive } from "./campaign-live";
import { LastFailureNotice } from "./last-failure-notice";
import { ProfileGenerationButton } from "./profile-generation";
import { ReadinessBanner } from "./readiness-banner";
import { ReasonFilter } from "./reason-filter";
import { RunControls } from "./run-controls";
import { RunHistory } from "./run-history";
import { ScheduleCard } from "./schedule-card";
import { TuningPanel } from "./tuning-panel";
import { KeyNumbers } from "../../outcomes/key-numbers";
import { getOutcomes } from "@/lib/outcomes/get-outcomes";
import { getJudgeCalibration } from "@/lib/outcomes/get-judge-calibration";
import { JudgeCard } from "./judge-card";
import { SendAccountsCard } from "./send-accounts-card";
import { getCampaignSendAccounts } from "@/lib/campaigns/get-campaign-send-accounts";
import { getFreeMinutesLeft } from "@/lib/billing/get-free-minutes-left";
import { CLOUD_RUNNER } from "@/lib/runners/backends";
import { hasRole } from "@/lib/auth/resolve-session-caller";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Campaign" };

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[8rem_1fr] gap-3 py-2.5 text-sm">
      <dt className="text-zinc-500 dark:text-zinc-400">{label}</dt>
      <dd className="min-w-0 text-zinc-900 dark:text-zinc-100">{children}</dd>
    </div>
  );
}

type PageProps = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function CampaignPage({ params, searchParams }: PageProps) {
  const [{ id: rawId }, query, { orgId, role }] = await Promise.all([params, searchParams, getPageContext()]);
  const id = parseIdOr404(rawId);
  // An unknown ?reason= is ignored rather than answered with an empty table.
  const rawReason = typeof query.reason === "string" ? query.reason : null;
  const reason = rawReason && (FAILURE_REASONS as readonly string[]).includes(rawReason) ? rawReason : null;
  const tab = query.tab === "tuning" ? "tuning" : "overview";
  const c = await orNotFound(getCampaignOrThrow({ orgId, id }));
  // Readiness is evaluated on every load (SPEC 1), next to the history it explains.
  const runners = await detectRunners();
  const [readiness, runs, tuningRuns, outcomes, judge, sendAccounts] = await Promise.all([
    getCampaignReadiness({ orgId, campaignId: id, runners }),
    tab === "overview" ? listRuns({ orgId, campaignId: id, failureReason: reason ?? undefined, limit: 50 }) : Promise.resolve([]),
    tab === "tuning" ? listTuningRuns({ orgId, campaignId: id }) : Promise.resolve([]),
    tab === "overview" ? getOutcomes({ orgId, query: { campaignId: id } }) : Promise.resolve(null),
    tab === "tuning" ? getJudgeCalibration({ orgId, campaignId: id, query: {} }) : Promise.resolve(null),
    tab === "overview" ? getCampaignSendAccounts({ orgId, campaignId: id }) : Promise.resolve(null),
  ]);
  const selectedTuning = tab === "tuning" ? await selectTuningRun(orgId, id, query.run, tuningRuns) : null;
  // A Free organization's cloud minutes left, beside Run now (null when nothing is limited).
  const minutes = c.runner === CLOUD_RUNNER.slug ? await getFreeMinutesLeft({ orgId }) : null;
  const blockedReason =
    readiness.blocking.length > 0
      ? "Resolve the setup issues above to run this campaign."
      : readiness.profileBeingWritten
        ? "The campaign profile is being generated; Run now is back when it is done."
        : minutes?.exhausted
          ? "This month's cloud-run minutes are used up. Upgrade the plan to run again."
          : null;
  // Generate preview and Regenerate run the profile generator on the campaign's runner (the cloud runner for one this
  // edition does not offer): disabled with the reason when that runner cannot run, as Run now is.
  const generationMinutes =
    readiness.generationRunner !== CLOUD_RUNNER.slug ? null : c.runner === CLOUD_RUNNER.slug ? minutes : await getFreeMinutesLeft({ orgId });
  const generationBlockedReason =
    readiness.generationRunnerProblem ??
    (generationMinutes?.exhausted ? "This month's cloud-run minutes are used up. Upgrade the plan to generate a profile." : null);

  return (
    <>
      <PageHeader
        eyebrow={
          <>
            <Link href="/campaigns" className="hover:text-zinc-800 hover:underline dark:hover:text-zinc-200">
              Campaigns
            </Link>
            <span aria-hidden="true"> / </span>
            <Link href={`/projects/${c.projectId}?tab=campaigns`} className="hover:text-zinc-800 hover:underline dark:hover:text-zinc-200">
              {c.projectName}
            </Link>
          </>
        }
        title={
          <>
            {c.name}
            <CampaignStateBadge state={c.state} />
          </>
        }
        description={`Created ${formatDateTime(c.createdAt)} · updated ${formatDateTime(c.updatedAt)}`}
        actions={<RunControls campaignId={c.id} liveRunId={readiness.liveRunId} blockedReason={blockedReason} minutes={minutes} canUpgrade={hasRole(role, "admin")} />}
      />
      <CampaignLive campaignId={c.id} runLive={readiness.liveRunId !== null} />
      <ReadinessBanner campaignId={c.id} readiness={readiness} />
      <LastFailureNotice orgId={orgId} campaignId={c.id} runLive={readiness.liveRunId !== null} />
      <Tabs
        label="Campaign sections"
        active={tab}
        items={[
          { key: "overview", label: "Overview", href: `/campaigns/${c.id}` },
          { key: "tuning", label: "Tuning", href: `/campaigns/${c.id}?tab=tuning` },
        ]}
      />

      {tab === "tuning" ? (
        <div className="space-y-6">
          {judge ? <JudgeCard judge={judge} /> : null}
          <TuningPanel campaignId={c.id} runs={tuningRuns} selected={selectedTuning} blockedReason={generationBlockedReason} />
        </div>
      ) : (
        <>
          {outcomes && (outcomes.totals.drafted > 0 || outcomes.totals.runs > 0) ? (
            <div className="mb-8">
              <KeyNumbers metrics={outcomes.totals} title="Outcomes, last 12 weeks" href={`/outcomes?campaignId=${c.id}`} period="last 12 weeks" />
            </div>
          ) : null}
          <section aria-labelledby="run-history" className="mb-8">
            <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
              <h2 id="run-history" className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">
                Run history
              </h2>
              <ReasonFilter value={reason} />
            </div>
            <RunHistory runs={runs} reason={reason} />
          </section>

          <div className="grid grid-cols-1 gap-6 lg:grid-cols-5">
            <div className="space-y-6 lg:col-span-2">
              <Card title="Details">
                <dl className="-my-2.5 divide-y divide-zinc-100 dark:divide-zinc-800">
                  <Detail label="Project">
                    <Link href={`/projects/${c.projectId}`} className="font-medium text-indigo-600 hover:underline dark:text-indigo-400">
                      {c.projectName}
                    </Link>
                  </Detail>
                  <Detail label="Platform">{platformLabel(c.platform)}</Detail>
                  <Detail label="Approach">{skillLabel(c.skill)}</Detail>
                  <Detail label="Agent">{runnerLabel(c.runner)}</Detail>
                  <Detail label="Auto-post">
                    {c.autoPost ? <Badge tone="primary">On</Badge> : <span className="text-zinc-500 dark:text-zinc-400">Off</span>}
                  </Detail>
                </dl>
              </Card>

              {sendAccounts ? <SendAccountsCard data={sendAccounts} projectId={c.projectId} /> : null}

              <ScheduleCard campaignId={c.id} cron={c.cron} state={c.state} lastScheduleOutcome={c.lastScheduleOutcome} />

              <Card
                title="Profile"
                description="What the agent reads on every run."
                actions={
                  <>
                    <a href="#edit-profile" className="text-xs font-medium text-indigo-600 hover:underline dark:text-indigo-400">
                      Edit
                    </a>
                    <ProfileGenerationButton campaignId={c.id} intent="regenerate" label="Regenerate" variant="ghost" blockedReason={generationBlockedReason} />
                  </>
                }
              >
                <ProfileView config={c.config} platform={c.platform} />
              </Card>
            </div>

            <div className="space-y-6 lg:col-span-3">
              <Card title="Edit campaign">
                <CampaignEditForm
                  campaign={{
                    id: c.id,
                    name: c.name,
                    platform: c.platform as Platform,
                    cron: c.cron,
                    autoPost: c.autoPost,
                    state: c.state,
                    config: c.config,
                    runner: c.runner,
                    playbookId: c.playbookId,
                  }}
                  runners={[
                    ...runners.map((r) => ({ slug: r.slug, label: r.label, available: r.available, local: r.spec !== null })),
                    // A runner this edition no longer offers stays listed (disabled), so the form shows the truth.
                    ...(runners.some((r) => r.slug === c.runner) ? [] : [{ slug: c.runner, label: runnerLabel(c.runner), available: false, local: true, offered: false }]),
                  ]}
                />
              </Card>
              <Card title="Danger zone" description="Deleting a campaign cannot be undone.">
                <CampaignDelete campaignId={c.id} name={c.name} />
              </Card>
            </div>
          </div>
        </>
      )}
    </>
  );
}

/** The run whose diff the Tuning tab shows: the one asked for (View diff), else the newest awaiting a decision. */
async function selectTuningRun(orgId: number, campaignId: number, raw: string | string[] | undefined, runs: Awaited<ReturnType<typeof listTuningRuns>>) {
  const asked = typeof raw === "string" && /^\d{1,9}$/.test(raw) ? Number(raw) : null;
  const runId = asked ?? (runs[0]?.outcome === "awaiting_decision" ? runs[0].id : null);
  if (runId === null) return null;
  return getTuningRun({ orgId, campaignId, runId }).catch(() => null);
}
