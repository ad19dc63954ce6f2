import { RelativeTime } from "@/app/_components/relative-time";
import Link from "next/link";
import { EmptyState } from "@/app/_components/empty-state";
import { FailureReasonChip, formatDuration, formatUsd, RUN_KIND_LABELS, RunStatusBadge, RunTriggerBadge } from "@/app/_components/run-badges";
import { Table, TBody, Td, Th, THead, Tr } from "@/app/_components/table";
import { runnerLabel } from "@/lib/runners/runner-label";
import { describeRunOutcome } from "@/lib/runs/describe-run-outcome";
import type { RunSummary } from "@/lib/runs/run-summary";

/** The campaign's runs, newest first: what ran, how it ended, what it drafted and cost, and a link to its log. */
export function RunHistory({ runs, reason }: { runs: RunSummary[]; reason: string | null }) {
  if (runs.length === 0) {
    return (
      <EmptyState
        title={reason ? "No runs with this failure reason" : "No runs yet"}
        description={reason ? "Clear the filter to see every run." : "Runs appear here when the schedule fires or you press Run now."}
      />
    );
  }
  return (
    <Table label="Run history">
      <THead>
        <tr>
          <Th>Started</Th>
          <Th>Started by</Th>
          <Th>Agent</Th>
          <Th>Outcome</Th>
          <Th className="text-right">Drafts</Th>
          <Th className="text-right">Duration</Th>
          <Th className="text-right">Cost</Th>
          <Th>
            <span className="sr-only">Log</span>
          </Th>
        </tr>
      </THead>
      <TBody>
        {runs.map((r) => (
          <Tr key={r.id}>
            <Td className="whitespace-nowrap">
              <RelativeTime at={r.startedAt} />
              {/* Profile generation runs belong to the campaign too; say so, the history is not only campaign runs. */}
              {r.kind !== "campaign" ? (
                <span className="block text-xs text-zinc-500 dark:text-zinc-400">{RUN_KIND_LABELS[r.kind] ?? r.kind}</span>
              ) : null}
            </Td>
            <Td>
              <RunTriggerBadge trigger={r.trigger} />
            </Td>
            <Td className="whitespace-nowrap">{runnerLabel(r.runner)}</Td>
            <Td>
              {/* How it ended in the words the run page and Home use; the failure code stays in the chip's tooltip. */}
              <div className="flex flex-wrap items-center gap-1.5">
                {r.failureReason ? <FailureReasonChip reason={r.failureReason} /> : <RunStatusBadge status={r.status} />}
                {r.status === "success" ? <span className="text-sm text-zinc-600 dark:text-zinc-300">{describeRunOutcome(r)}</span> : null}
              </div>
            </Td>
            <Td className="text-right tabular-nums">{r.draftCount}</Td>
            <Td className="text-right whitespace-nowrap tabular-nums">
              {formatDuration(r.startedAt, r.finishedAt) ?? <span className="text-zinc-500 dark:text-zinc-400">running</span>}
            </Td>
            <Td className="text-right tabular-nums" title={r.costUsd === null ? "No price is known for this agent and model" : undefined}>
              {formatUsd(r.costUsd)}
            </Td>
            <Td className="text-right">
              <Link href={`/runs/${r.id}`} className="text-sm font-medium whitespace-nowrap text-indigo-600 hover:underline dark:text-indigo-400">
                View log<span className="sr-only"> of run {r.id}</span>
              </Link>
            </Td>
          </Tr>
        ))}
      </TBody>
    </Table>
  );
}
