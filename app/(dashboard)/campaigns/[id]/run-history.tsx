import { RelativeTime } from "@/app/_components/relative-time";
import Link from "next/link";
import { EmptyState } from "@/app/_components/empty-state";
import { FailureReasonChip, formatDuration, formatUsd, RUN_KIND_LABELS, RunStatusBadge, RunTriggerBadge } from "@/app/_components/run-badges";
import { Table, TBody, Td, Th, THead, Tr } from "@/app/_components/table";
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
          <Th>Trigger</Th>
          <Th>Runner</Th>
          <Th>Status</Th>
          <Th>Failure reason</Th>
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
            <Td>
              <code className="font-mono text-xs">{r.runner}</code>
            </Td>
            <Td>
              <RunStatusBadge status={r.status} />
            </Td>
            <Td title={r.error ?? undefined}>
              {r.failureReason ? <FailureReasonChip reason={r.failureReason} /> : <span className="text-zinc-400 dark:text-zinc-500">—</span>}
            </Td>
            <Td className="text-right tabular-nums">{r.draftCount}</Td>
            <Td className="text-right whitespace-nowrap tabular-nums">
              {formatDuration(r.startedAt, r.finishedAt) ?? <span className="text-zinc-400 dark:text-zinc-500">running</span>}
            </Td>
            <Td className="text-right tabular-nums" title={r.costUsd === null ? "Not priced for this runner or model" : undefined}>
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
