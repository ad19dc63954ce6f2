"use client";

import Link from "next/link";
import { createContext, useContext } from "react";
import { createColumnHelper, tableFeatures } from "@tanstack/react-table";
import { Badge } from "@/app/_components/badge";
import { RelativeTime } from "@/app/_components/relative-time";
import { AUDIT_EVENT_LABELS } from "@/lib/audit/summarize-audit-row";
import type { AuditRow } from "@/lib/audit/schemas";

export const auditFeatures = tableFeatures({});
const col = createColumnHelper<typeof auditFeatures, AuditRow>();

const link = "font-medium text-indigo-600 hover:underline dark:text-indigo-400";

const RUN_EVENT_LABELS: Record<string, string> = {
  lifecycle: "Run step",
  tool_call: "Tool call",
  tool_call_update: "Tool result",
  message_chunk: "Agent output",
  thought: "Agent thinking",
  usage: "Usage",
  stderr: "Error output",
};

/** An event in words, its code kept for the tooltip. */
export function eventLabel(r: Pick<AuditRow, "kind" | "event">): string {
  if (r.kind === "run" && r.event === "run") return "Run";
  return (r.kind === "draft" ? AUDIT_EVENT_LABELS[r.event] : RUN_EVENT_LABELS[r.event]) ?? r.event.replace(/_/g, " ");
}

const EVENT_TONE: Record<string, "success" | "danger" | "primary" | "warning" | "neutral"> = {
  approved: "success",
  sent: "success",
  posted: "success",
  rejected: "danger",
  auto_post_failed: "danger",
  body_edited: "primary",
  rescheduled: "primary",
  reopened: "warning",
};

/** Where a row leads: its draft alone in the inbox, or its run's log. */
export function subjectHref(r: AuditRow): string | null {
  if (r.kind === "draft" && r.draftId) return `/inbox?ids=${r.draftId}&state=all`;
  if (r.kind === "run" && r.runId) return `/runs/${r.runId}`;
  return null;
}

/** The folded runs that are open, and the way to open or close one (the feed owns the state). */
export const RunFoldContext = createContext<{ open: Set<number>; toggle: (runId: number) => void }>({ open: new Set(), toggle: () => {} });

function EventCell({ r }: { r: AuditRow }) {
  const fold = useContext(RunFoldContext);
  if (r.run && r.runId) {
    const open = fold.open.has(r.runId);
    return (
      <button
        type="button"
        aria-expanded={open}
        aria-controls={`audit-run-${r.runId}`}
        onClick={() => fold.toggle(r.runId!)}
        className="inline-flex items-center gap-1 rounded text-xs font-medium text-zinc-700 hover:text-indigo-600 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-zinc-300 dark:hover:text-indigo-400"
      >
        <svg viewBox="0 0 20 20" fill="currentColor" className={`size-4 transition-transform ${open ? "rotate-90" : ""}`} aria-hidden="true">
          <path fillRule="evenodd" d="M7.2 14.8a.75.75 0 0 1 0-1.06L10.94 10 7.2 6.26a.75.75 0 1 1 1.06-1.06l4.27 4.27a.75.75 0 0 1 0 1.06L8.26 14.8a.75.75 0 0 1-1.06 0Z" clipRule="evenodd" />
        </svg>
        {open ? "Hide" : "Show"} {r.run.events} {r.run.events === 1 ? "event" : "events"}
        <span className="sr-only"> of run {r.runId}</span>
      </button>
    );
  }
  return (
    <Badge tone={r.kind === "draft" ? (EVENT_TONE[r.event] ?? "neutral") : "neutral"} title={`${r.kind} event: ${r.event}`}>
      {eventLabel(r)}
    </Badge>
  );
}

// Dense and read-only: filtering and order are the server's (the URL's filters), so no column sorts here.
export const auditColumns = col.columns([
  col.display({
    id: "time",
    header: "When",
    cell: ({ row: { original: r } }) => <RelativeTime at={r.createdAt} className="whitespace-nowrap tabular-nums text-zinc-600 dark:text-zinc-400" />,
  }),
  col.display({
    id: "actor",
    header: "Who",
    cell: ({ row: { original: r } }) => (
      <span className="block truncate whitespace-nowrap font-medium text-zinc-800 dark:text-zinc-200" title={r.actor.label}>
        {r.actor.type === "run" ? `Run #${r.actor.id}` : r.actor.label}
      </span>
    ),
  }),
  col.display({ id: "event", header: "Did", cell: ({ row: { original: r } }) => <EventCell r={r} /> }),
  col.display({
    id: "subject",
    header: "Draft / run",
    cell: ({ row: { original: r } }) => {
      const href = subjectHref(r);
      const label = r.kind === "draft" ? `Draft #${r.draftId}` : `Run #${r.runId}`;
      return href ? <Link href={href} className={`${link} whitespace-nowrap`}>{label}</Link> : label;
    },
  }),
  col.display({
    id: "summary",
    header: "What happened",
    cell: ({ row: { original: r } }) => <span className="block truncate text-zinc-900 dark:text-zinc-100" title={r.summary}>{r.summary}</span>,
  }),
]);

export const auditColumnClasses: Record<string, string> = {
  time: "w-32",
  actor: "w-36",
  event: "w-40",
  subject: "w-28",
  summary: "",
};
