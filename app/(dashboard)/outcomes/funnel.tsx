// Drafted → approved → sent → replied as four proportional bars, each with its share of the step before.
import type { OutcomeMetrics } from "@/lib/outcomes/schemas";
import { count, pct } from "./format";

export function Funnel({ metrics }: { metrics: OutcomeMetrics }) {
  const steps = [
    { label: "Drafted", n: metrics.drafted, of: null as number | null, color: "bg-zinc-400 dark:bg-zinc-500" },
    { label: "Approved", n: metrics.approved, of: metrics.drafted, color: "bg-indigo-500 dark:bg-indigo-400" },
    { label: "Sent", n: metrics.sent, of: metrics.approved, color: "bg-sky-500 dark:bg-sky-400" },
    { label: "Replied", n: metrics.replied, of: metrics.sent, color: "bg-emerald-500 dark:bg-emerald-400" },
  ];
  const max = Math.max(metrics.drafted, 1);
  return (
    <ol className="space-y-2.5" aria-label="Funnel">
      {steps.map((s) => (
        <li key={s.label} className="grid grid-cols-[5.5rem_1fr_auto] items-center gap-3 text-sm">
          <span className="text-zinc-600 dark:text-zinc-400">{s.label}</span>
          <span className="h-5 rounded-sm bg-zinc-100 dark:bg-zinc-800">
            <span className={`block h-5 rounded-sm ${s.color}`} style={{ width: `${s.n > 0 ? Math.max(1, (s.n / max) * 100) : 0}%` }} />
          </span>
          <span className="w-28 text-right text-zinc-900 tabular-nums dark:text-zinc-100">
            {count(s.n)}
            {s.of !== null ? <span className="ml-1.5 text-xs text-zinc-500 dark:text-zinc-400">{pct(s.of > 0 ? s.n / s.of : null)}</span> : null}
          </span>
        </li>
      ))}
    </ol>
  );
}
