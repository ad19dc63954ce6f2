"use client";

import Link from "next/link";
import { createColumnHelper, tableFeatures } from "@tanstack/react-table";
import { Badge } from "@/app/_components/badge";
import type { AuditRow } from "@/lib/audit/schemas";

export const auditFeatures = tableFeatures({});
const col = createColumnHelper<typeof auditFeatures, AuditRow>();

const link = "font-medium text-indigo-600 hover:underline dark:text-indigo-400";
const time = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", hour: "2-digit", minute: "2-digit", second: "2-digit", timeZone: "UTC", hour12: false });

/** Where a row leads: its draft alone in the inbox, or its run's log. */
export function subjectHref(r: AuditRow): string | null {
  if (r.kind === "draft" && r.draftId) return `/inbox?ids=${r.draftId}&state=all`;
  if (r.kind === "run" && r.runId) return `/runs/${r.runId}`;
  return null;
}

// Dense and read-only: filtering and order are the server's (the URL's filters), so no column sorts here.
export const auditColumns = col.columns([
  col.display({
    id: "time",
    header: "Time (UTC)",
    cell: ({ row: { original: r } }) => (
      <time dateTime={r.createdAt} title={r.createdAt} className="whitespace-nowrap tabular-nums text-zinc-600 dark:text-zinc-400">
        {time.format(new Date(r.createdAt))}
      </time>
    ),
  }),
  col.display({
    id: "kind",
    header: "Kind",
    cell: ({ row: { original: r } }) => <Badge tone={r.kind === "draft" ? "primary" : "neutral"}>{r.kind}</Badge>,
  }),
  col.display({
    id: "event",
    header: "Event",
    cell: ({ row: { original: r } }) => <code className="font-mono text-xs text-zinc-800 dark:text-zinc-200">{r.event}</code>,
  }),
  col.display({
    id: "actor",
    header: "Actor",
    cell: ({ row: { original: r } }) => <span className="whitespace-nowrap text-zinc-700 dark:text-zinc-300">{r.actor.label}</span>,
  }),
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
  time: "w-40",
  kind: "w-20",
  event: "w-44",
  actor: "w-40",
  subject: "w-28",
  summary: "",
};
