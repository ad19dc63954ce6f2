import { formatDay } from "@/lib/format/date-time";
import { formatUsd } from "@/app/_components/run-badges";
import type { Spend } from "@/lib/runs/get-spend";


function SpendCard({ label, usd, runs, note }: { label: string; usd: number; runs: number; note?: string }) {
  return (
    <div className="rounded-lg border border-zinc-200 bg-white p-5 shadow-xs dark:border-zinc-800 dark:bg-zinc-900">
      <p className="text-sm font-medium text-zinc-500 dark:text-zinc-400">{label}</p>
      <p className="mt-2 text-3xl font-semibold tracking-tight text-zinc-900 tabular-nums dark:text-zinc-50">{formatUsd(usd)}</p>
      <p className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">
        {runs} {runs === 1 ? "run" : "runs"}
        {note ? ` · ${note}` : ""}
      </p>
    </div>
  );
}

/** Agent spend (SPEC 2 "Cost": aggregates on the Home page): 24 h and 7 d cards and a 14-day bar chart. */
export function SpendOverview({ spend }: { spend: Spend }) {
  const max = Math.max(...spend.daily.map((d) => d.costUsd), 0);
  const unpriced = spend.unpricedRuns7d > 0 ? `${spend.unpricedRuns7d} not priced` : undefined;
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
      <SpendCard label="Spend, last 24 hours" usd={spend.last24hUsd} runs={spend.runs24h} />
      <SpendCard label="Spend, last 7 days" usd={spend.last7dUsd} runs={spend.runs7d} note={unpriced} />
      <figure className="rounded-lg border border-zinc-200 bg-white p-5 shadow-xs dark:border-zinc-800 dark:bg-zinc-900">
        <figcaption className="flex items-baseline justify-between text-sm font-medium text-zinc-500 dark:text-zinc-400">
          <span>Daily spend, 14 days</span>
          <span className="text-xs font-normal">UTC</span>
        </figcaption>
        {max === 0 ? (
          <p className="mt-6 text-sm text-zinc-500 dark:text-zinc-400">No priced runs in the last 14 days.</p>
        ) : (
          <>
            <ol className="mt-3 flex h-16 items-end gap-1" aria-label="Daily spend">
              {spend.daily.map((d) => {
                const pct = d.costUsd > 0 ? Math.max(4, Math.round((d.costUsd / max) * 100)) : 0;
                const label = `${formatDay(new Date(`${d.day}T00:00:00Z`))}: ${formatUsd(d.costUsd)}, ${d.runs} ${d.runs === 1 ? "run" : "runs"}`;
                return (
                  <li key={d.day} className="flex h-full flex-1 items-end" title={label}>
                    <span className="sr-only">{label}</span>
                    <span
                      aria-hidden="true"
                      className={
                        pct > 0
                          ? "block w-full rounded-t-sm bg-indigo-500 dark:bg-indigo-400"
                          : "block h-px w-full bg-zinc-200 dark:bg-zinc-700"
                      }
                      style={pct > 0 ? { height: `${pct}%` } : undefined}
                    />
                  </li>
                );
              })}
            </ol>
            <div className="mt-1.5 flex justify-between text-[11px] text-zinc-500 dark:text-zinc-400" aria-hidden="true">
              <span>{formatDay(new Date(`${spend.daily[0]!.day}T00:00:00Z`))}</span>
              <span>max {formatUsd(max)}</span>
              <span>Today</span>
            </div>
          </>
        )}
      </figure>
    </div>
  );
}
