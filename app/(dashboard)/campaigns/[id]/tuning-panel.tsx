import { RelativeTime } from "@/app/_components/relative-time";
import Link from "next/link";
import { Badge, type BadgeTone } from "@/app/_components/badge";
import { buttonClasses, Spinner } from "@/app/_components/button";
import { Card } from "@/app/_components/card";
import { EmptyState } from "@/app/_components/empty-state";
import { FailureReasonChip, RunStatusBadge } from "@/app/_components/run-badges";
import { Table, TBody, Td, Th, THead, Tr } from "@/app/_components/table";
import { configDiff } from "@/lib/skill-generation/config-diff";
import type { getTuningRun } from "@/lib/skill-generation/get-tuning-run";
import type { listTuningRuns, TuningOutcome } from "@/lib/skill-generation/list-tuning-runs";
import { ConfigDiffView } from "./config-diff-view";
import { ProfileChangesList } from "./profile-changes-list";
import { RationaleList } from "./rationale-list";
import { GeneratePreviewButton, TuningDecision } from "./tuning-controls";

type TuningRun = Awaited<ReturnType<typeof listTuningRuns>>[number];
type SelectedRun = Awaited<ReturnType<typeof getTuningRun>>;

const OUTCOMES: Record<Exclude<TuningOutcome, null>, { label: string; tone: BadgeTone }> = {
  adopted: { label: "Adopted", tone: "success" },
  discarded: { label: "Discarded", tone: "neutral" },
  applied: { label: "Applied directly", tone: "primary" },
  awaiting_decision: { label: "Awaiting decision", tone: "warning" },
};

/**
 * The Tuning tab (SPEC "Campaign tuning"): generate a profile preview without changing the campaign, read it as a
 * diff against the profile the run started from, then Adopt or Discard; the last 20 generations below, each with
 * View diff while it still has its generated profile.
 */
export function TuningPanel({ campaignId, runs, selected, blockedReason = null }: { campaignId: number; runs: TuningRun[]; selected: SelectedRun | null; blockedReason?: string | null }) {
  const live = runs.find((r) => r.status === "running") ?? null;
  return (
    <div className="space-y-6">
      <Card
        title="Profile preview"
        description="The agent proposes a new campaign profile; nothing changes until you adopt it."
        actions={<GeneratePreviewButton campaignId={campaignId} disabled={live !== null} blockedReason={live ? null : blockedReason} />}
      >
        {live ? (
          <p className="flex items-center gap-2 text-sm text-zinc-700 dark:text-zinc-300" data-testid="tuning-live">
            <Spinner className="size-4 text-indigo-600 dark:text-indigo-300" />
            {live.mode === "preview" ? "Generating a profile preview…" : "Generating the campaign profile…"}
            <Link href={`/runs/${live.id}`} className="text-xs text-indigo-600 hover:underline dark:text-indigo-400">
              View log
            </Link>
          </p>
        ) : null}
        {selected ? (
          <SelectedDiff campaignId={campaignId} run={selected} />
        ) : !live ? (
          <EmptyState
            title="No preview to review"
            description="Generate a preview to see how a fresh profile would differ from the current one."
          />
        ) : null}
      </Card>

      <Card title="Recent generations" description="Up to the last 20 profile generations of this campaign, newest first." flush>
        {runs.length === 0 ? (
          <div className="p-5">
            <EmptyState title="No generations yet" description="Previews and profile generations appear here." />
          </div>
        ) : (
          <Table label="Profile generations">
            <THead>
              <Tr>
                <Th>Started</Th>
                <Th>Mode</Th>
                <Th>Status</Th>
                <Th>Outcome</Th>
                <Th className="text-right">Diff</Th>
              </Tr>
            </THead>
            <TBody>
              {runs.map((r) => (
                <Tr key={r.id} className={selected?.id === r.id ? "bg-indigo-50/60 dark:bg-indigo-500/5" : undefined}>
                  <Td>
                    <Link href={`/runs/${r.id}`} className="text-indigo-600 hover:underline dark:text-indigo-400">
                      <RelativeTime at={r.startedAt} />
                    </Link>
                  </Td>
                  <Td className="capitalize">{r.mode}</Td>
                  <Td>
                    <span className="flex items-center gap-2">
                      <RunStatusBadge status={r.status} />
                      {r.failureReason ? <FailureReasonChip reason={r.failureReason} /> : null}
                    </span>
                  </Td>
                  <Td>{r.outcome ? <Badge tone={OUTCOMES[r.outcome].tone}>{OUTCOMES[r.outcome].label}</Badge> : <span className="text-zinc-500">—</span>}</Td>
                  <Td className="text-right">
                    {r.hasGeneratedConfig ? (
                      <Link href={`/campaigns/${campaignId}?tab=tuning&run=${r.id}`} scroll={false} className={buttonClasses("ghost", "sm")}>
                        View diff
                      </Link>
                    ) : null}
                  </Td>
                </Tr>
              ))}
            </TBody>
          </Table>
        )}
      </Card>
    </div>
  );
}

function SelectedDiff({ campaignId, run }: { campaignId: number; run: SelectedRun }) {
  const outcome = run.outcome ? OUTCOMES[run.outcome] : null;
  return (
    <section aria-labelledby="tuning-diff" className="space-y-3">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 id="tuning-diff" className="flex items-center gap-2 text-sm font-semibold text-zinc-900 dark:text-zinc-100">
            Generated <RelativeTime at={run.finishedAt ?? run.startedAt} />
            {outcome ? <Badge tone={outcome.tone}>{outcome.label}</Badge> : null}
          </h3>
          <p className="mt-0.5 text-xs text-zinc-500 dark:text-zinc-400">Compared with the profile the campaign had when the run started.</p>
        </div>
        {run.outcome === "awaiting_decision" ? <TuningDecision campaignId={campaignId} runId={run.id} /> : null}
      </div>
      <ProfileChangesList previous={run.previousConfig} generated={run.generatedConfig} />
      <RationaleList rationale={run.rationale} />
      <div>
        <h4 className="mb-1 text-xs font-semibold text-zinc-700 dark:text-zinc-300">The same changes line by line, in the profile&apos;s JSON</h4>
        <ConfigDiffView lines={configDiff(run.previousConfig, run.generatedConfig)} />
      </div>
    </section>
  );
}
