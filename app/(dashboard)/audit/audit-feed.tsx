"use client";

import { useTable } from "@tanstack/react-table";
import { useCallback, useRef, useState } from "react";
import { apiFetch, errorMessage } from "@/app/_components/api-fetch";
import { Button } from "@/app/_components/button";
import { cx } from "@/app/_components/cx";
import { EmptyState } from "@/app/_components/empty-state";
import { useStreamEvent } from "@/app/_components/event-stream";
import { InlineError } from "@/app/_components/inline-error";
import type { AuditPage } from "@/lib/audit/list-audit";
import type { AuditRow } from "@/lib/audit/schemas";
import { auditColumnClasses, auditColumns, auditFeatures } from "./audit-columns";

const key = (r: AuditRow) => `${r.kind}:${r.id}`;
// Agent output streams in bursts of chunks: one refetch per second of activity is plenty.
const LIVE_DEBOUNCE_MS = 1000;

/** The feed: the first page rendered by the server, Load more, and new rows prepended live while the filters match. */
export function AuditFeed({ initial, query, filtered }: { initial: AuditPage; query: string; filtered: boolean }) {
  const [rows, setRows] = useState<AuditRow[]>(initial.rows);
  const [cursor, setCursor] = useState<string | null>(initial.nextCursor);
  const [fresh, setFresh] = useState<Set<string>>(new Set());
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const url = (c?: string | null) => `/api/audit?${[query, c ? `cursor=${encodeURIComponent(c)}` : ""].filter(Boolean).join("&")}`;

  async function loadMore() {
    setLoading(true);
    setError(null);
    try {
      const page = await apiFetch<AuditPage>(url(cursor));
      setRows((old) => {
        const seen = new Set(old.map(key));
        return [...old, ...page.rows.filter((r) => !seen.has(key(r)))];
      });
      setCursor(page.nextCursor);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setLoading(false);
    }
  }

  // The server applies the filters, so the newest page with them says which new rows belong here.
  const refreshTop = useCallback(() => {
    if (timer.current) return;
    timer.current = setTimeout(async () => {
      timer.current = null;
      try {
        const page = await apiFetch<AuditPage>(url());
        setRows((old) => {
          const seen = new Set(old.map(key));
          const added = page.rows.filter((r) => !seen.has(key(r)));
          if (added.length === 0) return old;
          setFresh(new Set(added.map(key)));
          return [...added, ...old];
        });
      } catch {
        // A failed live refresh is retried by the next event; the rows shown stay valid.
      }
    }, LIVE_DEBOUNCE_MS);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query]);
  useStreamEvent("run:log", refreshTop);
  useStreamEvent("drafts:changed", refreshTop);
  useStreamEvent("run:finished", refreshTop);

  const table = useTable({ features: auditFeatures, columns: auditColumns, data: rows, getRowId: key });

  if (rows.length === 0) {
    return (
      <EmptyState
        title={filtered ? "No events match these filters" : "No events yet"}
        description={
          filtered
            ? "Try a wider date range or clear a filter."
            : "Approvals, rejections, sends and run output are recorded here as campaigns run and drafts are reviewed."
        }
      />
    );
  }
  return (
    <>
      <div className="relative overflow-x-auto rounded-lg border border-zinc-200 bg-white shadow-xs dark:border-zinc-800 dark:bg-zinc-900">
        <table className="w-full min-w-[56rem] table-fixed border-collapse text-left text-sm" aria-label="Audit events">
          <thead className="border-b border-zinc-200 bg-zinc-50 text-xs font-medium tracking-wide text-zinc-500 uppercase dark:border-zinc-800 dark:bg-zinc-900/60 dark:text-zinc-400">
            {table.getHeaderGroups().map((hg) => (
              <tr key={hg.id}>
                {hg.headers.map((h) => (
                  <th key={h.id} scope="col" className={cx("px-3 py-2 font-medium", auditColumnClasses[h.column.id])}>
                    <table.FlexRender header={h} />
                  </th>
                ))}
              </tr>
            ))}
          </thead>
          <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
            {table.getRowModel().rows.map((row) => (
              <tr
                key={row.id}
                data-audit-row={row.id}
                className={cx("align-middle", fresh.has(row.id) && "bg-indigo-50/60 transition-colors dark:bg-indigo-500/10")}
              >
                {row.getAllCells().map((cell) => (
                  <td key={cell.id} className="px-3 py-1.5">
                    <table.FlexRender cell={cell} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="mt-4 flex flex-col items-center gap-2">
        <p className="text-xs text-zinc-500 dark:text-zinc-400">
          {rows.length} {rows.length === 1 ? "event" : "events"} shown{cursor ? ", more available" : ""}
        </p>
        {cursor ? (
          <Button variant="secondary" size="sm" pending={loading} onClick={loadMore}>
            Load more
          </Button>
        ) : null}
        <InlineError message={error} />
      </div>
    </>
  );
}
