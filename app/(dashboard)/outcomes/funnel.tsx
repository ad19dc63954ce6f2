// Drafted → approved → sent → replied as four proportional bars. Each step's percentage is the figure of the same
// name in the key numbers above it, read from the same field (approval rate, share of approved sent, reply rate), so
// the card and the funnel can never disagree; docs/outcomes.md defines each once.
import type { OutcomeMetrics } from "@/lib/outcomes/schemas";
import { count, pct } from "./format";

export function Funnel({ metrics }: { metrics: OutcomeMetrics }) {
  const m = metrics;
  const steps = [
    { label: "Drafted", n: m.drafted, rate: null as string | null, color: "bg-zinc-400 dark:bg-zinc-500" },
    { label: "Approved", n: m.approved, rate: `${pct(m.approvalRate)} approval rate`, color: "bg-indigo-500 dark:bg-indigo-400" },
    { label: "Sent", n: m.sent, rate: `${pct(m.approved > 0 ? m.sent / m.approved : null)} of approved`, color: "bg-sky-500 dark:bg-sky-400" },
    { label: "Replied", n: m.replied, rate: `${pct(m.replyRate)} reply rate`, color: "bg-emerald-500 dark:bg-emerald-400" },
  ];
  const max = Math.max(m.drafted, 1);
  const waiting = Math.max(0, m.drafted - m.approved - m.rejected);
  return (
    <div className="space-y-3">
      <ol className="space-y-2.5" aria-label="Funnel">
        {steps.map((s) => (
          <li key={s.label} className="grid grid-cols-[4.5rem_minmax(0,1fr)_auto] items-center gap-3 text-sm">
            <span className="text-zinc-600 dark:text-zinc-400">{s.label}</span>
            <span className="h-5 rounded-sm bg-zinc-100 dark:bg-zinc-800">
              <span className={`block h-5 rounded-sm ${s.color}`} style={{ width: `${s.n > 0 ? Math.max(1, (s.n / max) * 100) : 0}%` }} />
            </span>
            <span className="text-right text-zinc-900 tabular-nums dark:text-zinc-100">
              {count(s.n)}
              {s.rate ? <span className="ml-1.5 block text-xs text-zinc-500 sm:inline dark:text-zinc-400">{s.rate}</span> : null}
            </span>
          </li>
        ))}
      </ol>
      <p className="text-xs text-zinc-500 dark:text-zinc-400" data-testid="funnel-decisions">
        {count(m.rejected)} rejected{waiting > 0 ? `, ${count(waiting)} waiting for review` : ""}.
      </p>
    </div>
  );
}
