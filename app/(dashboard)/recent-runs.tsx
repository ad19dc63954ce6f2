import { RelativeTime } from "@/app/_components/relative-time";
import Link from "next/link";
import { Card } from "@/app/_components/card";
import { FailureReasonChip, formatUsd, RUN_KIND_LABELS, RunStatusBadge } from "@/app/_components/run-badges";
import { describeRunOutcome } from "@/lib/runs/describe-run-outcome";
import type { RunSummary } from "@/lib/runs/run-summary";

/** The last runs of the organization with their outcome and cost, each linking to its log. */
export function RecentRuns({ runs }: { runs: RunSummary[] }) {
  return (
    <Card title="Recent runs" flush className="lg:col-span-2">
      {runs.length === 0 ? (
        <p className="px-5 py-8 text-center text-sm text-zinc-500 dark:text-zinc-400">
          No runs yet. Runs appear here when a campaign runs on its schedule or with Run now.
        </p>
      ) : (
        <ul className="divide-y divide-zinc-200 dark:divide-zinc-800" aria-label="Recent runs">
          {runs.map((r) => (
            <li key={r.id}>
              <Link
                href={`/runs/${r.id}`}
                className="flex items-center gap-4 px-5 py-3 hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-indigo-500 dark:hover:bg-zinc-800/40"
              >
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium text-zinc-900 dark:text-zinc-100">
                    {r.campaignName ?? RUN_KIND_LABELS[r.kind] ?? r.kind}
                    <span className="ml-2 text-xs font-normal text-zinc-500 dark:text-zinc-400">#{r.id}</span>
                  </p>
                  <p className="truncate text-xs text-zinc-500 dark:text-zinc-400">
                    <RelativeTime at={r.startedAt} />
                    {r.campaignName && r.kind !== "campaign" ? ` · ${RUN_KIND_LABELS[r.kind] ?? r.kind}` : ""}
                    {/* A failure's words are on its chip; a success says what it made. */}
                    {r.status === "success" ? ` · ${describeRunOutcome(r)}` : ""}
                  </p>
                </div>
                <div className="flex shrink-0 items-center gap-1.5">
                  <RunStatusBadge status={r.status} />
                  <FailureReasonChip reason={r.failureReason} />
                </div>
                <span className="w-20 shrink-0 text-right text-sm text-zinc-700 tabular-nums dark:text-zinc-300">{formatUsd(r.costUsd)}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
