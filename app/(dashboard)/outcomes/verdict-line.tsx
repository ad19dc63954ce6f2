// A plain verdict on compared reply rates (docs/outcomes.md "Judging by evidence"): green when a leader is called,
// quiet otherwise, so "not enough sends yet" never reads like a result.
import type { RateVerdict } from "@/lib/outcomes/compare-rates";

export function VerdictLine({ verdict, label, measure }: { verdict: RateVerdict; label: string; measure: string }) {
  const called = verdict.kind === "ahead";
  return (
    <p
      aria-label={label}
      className={
        called
          ? "rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900 dark:border-emerald-900 dark:bg-emerald-950/40 dark:text-emerald-200"
          : "rounded-md border border-zinc-200 bg-zinc-50 px-3 py-2 text-sm text-zinc-700 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-300"
      }
    >
      <span className="font-medium">{measure}: </span>
      {verdict.sentence}
    </p>
  );
}
