// The key outcome figures as a row of tiles: the Outcomes page, Home and each campaign page show the same ones.
import Link from "next/link";
import type { OutcomeMetrics } from "@/lib/outcomes/schemas";
import { count, pct, usd } from "./format";

function Tile({ label, value, note }: { label: string; value: string; note: string }) {
  return (
    <div className="min-w-0 rounded-lg border border-zinc-200 bg-white p-4 shadow-xs dark:border-zinc-800 dark:bg-zinc-900">
      <p className="truncate text-xs font-medium text-zinc-500 dark:text-zinc-400">{label}</p>
      <p className="mt-1.5 text-2xl font-semibold tracking-tight text-zinc-900 tabular-nums dark:text-zinc-50">{value}</p>
      <p className="mt-0.5 truncate text-xs text-zinc-500 dark:text-zinc-400" title={note}>{note}</p>
    </div>
  );
}

export function KeyNumbers({ metrics, title, href, period }: { metrics: OutcomeMetrics; title?: string; href?: string; period: string }) {
  const m = metrics;
  const lowerBound = m.unpricedRuns > 0 ? ` · ${m.unpricedRuns} runs not priced` : "";
  return (
    <section aria-label={title ?? "Outcomes"}>
      {title ? (
        <div className="mb-2 flex items-baseline justify-between gap-4">
          <h2 className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">{title}</h2>
          {href ? (
            <Link href={href} className="text-sm font-medium text-indigo-600 hover:underline dark:text-indigo-400">
              All outcomes →
            </Link>
          ) : null}
        </div>
      ) : null}
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        <Tile label="Drafted" value={count(m.drafted)} note={period} />
        <Tile label="Approval rate" value={pct(m.approvalRate)} note={`${count(m.approved)} approved, ${count(m.rejected)} rejected`} />
        <Tile
          label="Sent"
          value={count(m.sent)}
          note={`${count(m.editedSent)} edited first${m.checked > 0 ? ` · ${pct(m.removalRate)} removed (${count(m.removed)} of ${count(m.checked)} checked)` : ""}`}
        />
        <Tile label="Replies" value={count(m.replied)} note={`${pct(m.replyRate)} of sent · ${pct(m.positiveReplyRate)} positive`} />
        <Tile
          label="Median edit"
          value={m.medianEditDistance === null ? "—" : String(Math.round(m.medianEditDistance))}
          note={m.medianEditDistance === null ? "nothing sent yet" : "characters changed before sending"}
        />
        <Tile label="Cost per reply" value={usd(m.costPerReply)} note={`${usd(m.costPerApproved)} per approved${lowerBound}`} />
      </div>
    </section>
  );
}
