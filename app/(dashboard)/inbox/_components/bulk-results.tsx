"use client";

import { Badge, type BadgeTone } from "@/app/_components/badge";
import { Button } from "@/app/_components/button";
import type { DraftView } from "@/lib/drafts/draft-view";
import { BULK_FILTER_LIMIT } from "@/lib/drafts/bulk-limits";
import type { BulkAction, BulkResult, BulkStatus } from "./bulk-bar";

const LIMIT = new Intl.NumberFormat("en").format(BULK_FILTER_LIMIT);

const TITLES: Record<BulkAction, string> = {
  approve: "Bulk approve",
  reject: "Bulk reject",
  reschedule: "Bulk reschedule",
  unschedule: "Clear schedule",
};

const STATUS: Record<BulkStatus, { label: string; tone: BadgeTone }> = {
  approved: { label: "Approved", tone: "success" },
  rejected: { label: "Rejected", tone: "danger" },
  rescheduled: { label: "Rescheduled", tone: "success" },
  skipped: { label: "Skipped", tone: "warning" },
  not_found: { label: "Not found", tone: "danger" },
};

type BulkResultsProps = {
  result: BulkResult;
  /** Rows loaded when the action ran, to name each draft by its target rather than a bare id. */
  drafts: Map<number, DraftView>;
  onDismiss: () => void;
};

/** The outcome of a bulk action, one line per draft, kept until dismissed so skips can be read. */
export function BulkResults({ result, drafts, onDismiss }: BulkResultsProps) {
  const counts = new Map<BulkStatus, number>();
  for (const r of result.results) counts.set(r.status, (counts.get(r.status) ?? 0) + 1);
  const summary = [...counts].map(([status, n]) => `${n} ${STATUS[status]?.label.toLowerCase() ?? status}`).join(", ");

  return (
    <section
      role="status"
      aria-label="Bulk action results"
      className="mb-3 rounded-lg border border-zinc-200 bg-white shadow-xs dark:border-zinc-800 dark:bg-zinc-900"
    >
      <header className="flex items-center justify-between gap-4 border-b border-zinc-200 px-4 py-2.5 dark:border-zinc-800">
        <h2 className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">
          {TITLES[result.action]}: <span className="font-normal text-zinc-600 dark:text-zinc-400">{summary || "nothing to do"}</span>
        </h2>
        <Button size="sm" variant="ghost" onClick={onDismiss} aria-label="Dismiss bulk action results">
          Dismiss
        </Button>
      </header>
      {result.truncated ? (
        <p className="border-b border-zinc-200 px-4 py-2 text-sm text-amber-800 dark:border-zinc-800 dark:text-amber-300" data-testid="bulk-truncated">
          More drafts matched than one action takes ({LIMIT}, the newest first). Select all matching again to act on the rest.
        </p>
      ) : null}
      <ul tabIndex={0} className="max-h-56 divide-y divide-zinc-100 overflow-y-auto dark:divide-zinc-800">
        {result.results.map((r) => {
          const d = drafts.get(r.id);
          const s = STATUS[r.status] ?? { label: r.status, tone: "neutral" as const };
          return (
            <li key={r.id} data-draft-id={r.id} className="flex items-center gap-3 px-4 py-1.5 text-sm">
              <span className="w-14 font-mono text-xs text-zinc-500 dark:text-zinc-400">#{r.id}</span>
              <span className="w-48 truncate text-zinc-800 dark:text-zinc-200">{d ? d.targetUser : "—"}</span>
              <Badge tone={s.tone}>{s.label}</Badge>
              {r.reason ? <span className="min-w-0 truncate text-zinc-600 dark:text-zinc-400">{r.reason}</span> : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
