import type { Metadata } from "next";
import Link from "next/link";
import { Card } from "@/app/_components/card";
import { formatDateTime } from "@/app/_components/format";
import { EmptyState } from "@/app/_components/empty-state";
import { PageHeader } from "@/app/_components/page-header";
import { getPageContext } from "@/lib/auth/page-context";
import { listCampaigns } from "@/lib/campaigns/list-campaigns";
import { listPlaybooks } from "@/lib/playbooks/list-playbooks";
import { runnerLabel } from "@/lib/runners/runner-label";
import { getOutcomes } from "@/lib/outcomes/get-outcomes";
import { ZOutcomesQuery } from "@/lib/outcomes/schemas";
import { Funnel } from "./funnel";
import { KeyNumbers } from "./key-numbers";
import { OutcomeFilters } from "./outcome-filters";
import { DEFAULT_PERIOD, PERIODS, type OutcomeFilterValues } from "./periods";
import { OutcomeTable } from "./outcome-table";
import { VariantTable } from "./variant-table";
import { StepTable } from "./step-table";
import { VerdictLine } from "./verdict-line";
import { WeeklyChart } from "./weekly-chart";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Outcomes" };

type PageProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };
const DAY_MS = 86_400_000;
const text = (v: string | string[] | undefined) => (typeof v === "string" ? v.trim() : "");

export default async function OutcomesPage({ searchParams }: PageProps) {
  const [sp, { orgId }] = await Promise.all([searchParams, getPageContext()]);
  const period = PERIODS.some((p) => p.value === text(sp.period)) ? text(sp.period) : DEFAULT_PERIOD;
  const values: OutcomeFilterValues = { period, campaignId: text(sp.campaignId), playbook: text(sp.playbook), runner: text(sp.runner) };
  const now = new Date();
  const to = now.toISOString().slice(0, 10);
  const from = new Date(Date.parse(`${to}T00:00:00Z`) - (Number(period) - 1) * DAY_MS).toISOString().slice(0, 10);
  const parsed = ZOutcomesQuery.safeParse({
    from, to,
    ...(values.campaignId ? { campaignId: values.campaignId } : {}),
    ...(values.playbook ? { playbook: values.playbook } : {}),
    ...(values.runner ? { runner: values.runner } : {}),
  });
  const [campaigns, playbookRows] = await Promise.all([listCampaigns({ orgId }), listPlaybooks({ orgId })]);
  // Playbooks and agents by the names people know them by; the slug stays the filter's value in the address.
  const titles: Record<string, string> = Object.fromEntries(playbookRows.map((p) => [p.slug, p.title || p.slug]));
  // A campaign id from another organization or a stale link reads as "no such campaign", never as an error page.
  const known = !values.campaignId || campaigns.some((c) => String(c.id) === values.campaignId);
  const outcomes = parsed.success && known ? await getOutcomes({ orgId, query: parsed.data, now }) : null;
  const periodLabel = PERIODS.find((p) => p.value === period)!.label.toLowerCase();

  const playbooks = [...new Set([...(outcomes?.byPlaybook.map((p) => p.playbook).filter((p): p is string => !!p) ?? []), ...(values.playbook ? [values.playbook] : [])])];
  const runners = [...new Set([...(outcomes?.byRunnerModel.map((r) => r.runner).filter((r): r is string => !!r) ?? []), ...(values.runner ? [values.runner] : [])])];

  return (
    <>
      <PageHeader
        title="Outcomes"
        description="What the agents' drafts led to: how many reviewers approved, how much they edited, what was sent and who replied, and what it cost."
      />
      <OutcomeFilters
        // Remounted when the address changes (Clear, Back), so its selects show the filters the figures are for.
        key={`${values.period}|${values.campaignId}|${values.playbook}|${values.runner}`}
        values={values}
        campaigns={campaigns.map((c) => ({ id: c.id, name: c.name }))}
        playbooks={playbooks}
        runners={runners}
        labels={{ ...titles, ...Object.fromEntries(runners.map((r) => [r, runnerLabel(r)])) }}
      />
      {!outcomes ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800 dark:border-red-900 dark:bg-red-950/40 dark:text-red-200">
          {!known ? "There is no such campaign in this organization." : (parsed.error?.issues[0]?.message ?? "These filters cannot be read")}. Pick another filter or clear them.
        </p>
      ) : outcomes.totals.drafted === 0 && outcomes.totals.runs === 0 ? (
        <EmptyState
          title="Nothing drafted in this period"
          description={
            <>
              Outcomes appear once campaigns write drafts and reviewers decide on them in the{" "}
              <Link href="/inbox" className="font-medium text-indigo-600 hover:underline dark:text-indigo-400">inbox</Link>.
            </>
          }
        />
      ) : (
        <div className="space-y-6">
          <KeyNumbers metrics={outcomes.totals} period={periodLabel} />
          <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-3">
            <Card title="Funnel" description="Bars to scale with the drafts; each rate is the figure of the same name above.">
              <Funnel metrics={outcomes.totals} />
            </Card>
            <Card title="Week by week" description="Drafts counted in the week they were drafted (UTC)." className="lg:col-span-2">
              <WeeklyChart weeks={outcomes.weekly} />
            </Card>
          </div>
          <section className="space-y-2">
            <h2 className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">Per campaign</h2>
            {outcomes.verdicts.campaigns.kind !== "nothing_to_compare" ? (
              <div className="grid gap-2 md:grid-cols-2">
                <VerdictLine verdict={outcomes.verdicts.campaigns} label="Campaigns compared on replies" measure="Reply rate" />
                <VerdictLine verdict={outcomes.verdicts.positiveCampaigns} label="Campaigns compared on positive replies" measure="Positive reply rate" />
              </div>
            ) : null}
            <OutcomeTable
              label="Outcomes per campaign"
              nameHeader="Campaign"
              rows={outcomes.byCampaign}
              name={(r) =>
                r.campaignId && r.campaignName ? (
                  <Link href={`/campaigns/${r.campaignId}`} className="hover:underline">{r.campaignName}</Link>
                ) : (
                  <span className="text-zinc-500 dark:text-zinc-400">{r.campaignId ? "Deleted campaign" : "No campaign"}</span>
                )
              }
            />
          </section>
          {outcomes.byVariant.length > 0 ? (
            <section className="space-y-2">
              <h2 className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">A/B variants</h2>
              <p className="text-xs text-zinc-500 dark:text-zinc-400">
                Sent variants by label{values.campaignId ? "" : ", over every campaign shown (pick a campaign to judge one test)"}. A reviewer picks which variant of
                each pair goes out, so this says which kind of message earned replies, not a randomised trial.
              </p>
              <div className="grid gap-2 md:grid-cols-2">
                <VerdictLine verdict={outcomes.verdicts.variants} label="Variants compared on replies" measure="Reply rate" />
                <VerdictLine verdict={outcomes.verdicts.positiveVariants} label="Variants compared on positive replies" measure="Positive reply rate" />
              </div>
              <VariantTable rows={outcomes.byVariant} />
            </section>
          ) : null}
          {outcomes.byStep.some((s) => s.step > 0) ? (
            <section className="space-y-2">
              <h2 className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">Follow-ups</h2>
              <p className="text-xs text-zinc-500 dark:text-zinc-400">
                Sent DMs and comments by step: the first message, then each follow-up drafted because the person had not answered.
              </p>
              <StepTable rows={outcomes.byStep} />
            </section>
          ) : null}
          <div className="grid grid-cols-1 gap-6 2xl:grid-cols-2">
            <section className="min-w-0 space-y-2">
              <h2 className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">Per playbook</h2>
              <OutcomeTable label="Outcomes per playbook" nameHeader="Playbook" rows={outcomes.byPlaybook} name={(r) => (r.playbook ? (titles[r.playbook] ?? r.playbook) : <span className="text-zinc-500 dark:text-zinc-400">No playbook</span>)} />
            </section>
            <section className="min-w-0 space-y-2">
              <h2 className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">Per agent and model</h2>
              <OutcomeTable
                label="Outcomes per agent and model"
                nameHeader="Agent · model"
                rows={outcomes.byRunnerModel}
                name={(r) => (r.runner ? `${runnerLabel(r.runner)} · ${r.model ?? "default model"}` : <span className="text-zinc-500 dark:text-zinc-400">Not drafted by a run</span>)}
              />
            </section>
          </div>
          <p className="text-xs text-zinc-500 dark:text-zinc-400">
            Approval rate: of the drafts reviewers decided on (approved or rejected), the share approved; drafts waiting for review
            are left out. Reply rate: of the drafts sent, the share answered. Drafts count on the UTC day they were drafted, in the
            state they are in now; a losing A/B variant counts as drafted, not rejected. Cost is what the drafting runs (campaign
            runs, reply drafting, regenerations) cost.
            {outcomes.countedThrough ? ` Counted up to ${formatDateTime(outcomes.countedThrough)}; refreshed every minute.` : ""}
          </p>
        </div>
      )}
    </>
  );
}
