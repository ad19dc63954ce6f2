"use client";

import { useTable } from "@tanstack/react-table";
import Link from "next/link";
import { Fragment, useCallback, useContext, useEffect, useRef, useState } from "react";
import { apiFetch, errorMessage } from "@/app/_components/api-fetch";
import { Button } from "@/app/_components/button";
import { cx } from "@/app/_components/cx";
import { EmptyState } from "@/app/_components/empty-state";
import { useStreamEvent } from "@/app/_components/event-stream";
import { InlineError } from "@/app/_components/inline-error";
import { RelativeTime } from "@/app/_components/relative-time";
import { usePhone } from "@/app/_components/phone-switch";
import type { AuditPage } from "@/lib/audit/list-audit";
import type { AuditRow } from "@/lib/audit/schemas";
import { auditColumnClasses, auditColumns, auditFeatures, eventLabel, RunFoldContext, subjectHref } from "./audit-columns";

const key = (r: AuditRow) => `${r.kind}:${r.id}`;
// Agent output streams in bursts of chunks: one refetch per second of activity is plenty.
const LIVE_DEBOUNCE_MS = 1000;

/** The feed: the first page rendered by the server, Load more, and new rows prepended live while the filters match. */
export function AuditFeed({ initial, query, filtered, view }: { initial: AuditPage; query: string; filtered: boolean; view: "decisions" | "all" }) {
  const [openRuns, setOpenRuns] = useState<Set<number>>(new Set());
  const toggleRun = useCallback((runId: number) => {
    setOpenRuns((old) => {
      const next = new Set(old);
      if (next.has(runId)) next.delete(runId);
      else next.add(runId);
      return next;
    });
  }, []);
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
  const phone = usePhone();

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
  const columnCount = auditColumns.length;
  return (
    <RunFoldContext.Provider value={{ open: openRuns, toggle: toggleRun }}>
      {phone ? (
        // On a phone: one card per event, like the inbox.
        <ul aria-label="Audit events" className="space-y-2">
          {rows.map((r) => (
            <AuditCard key={key(r)} r={r} open={!!r.runId && openRuns.has(r.runId)} />
          ))}
        </ul>
      ) : (
      <div tabIndex={0} className="relative overflow-x-auto rounded-lg border border-zinc-200 bg-white shadow-xs dark:border-zinc-800 dark:bg-zinc-900">
        <table className="w-full min-w-[48rem] table-fixed border-collapse text-left text-sm" aria-label="Audit events" data-view={view}>
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
              <Fragment key={row.id}>
                <tr
                  data-audit-row={row.id}
                  className={cx(
                    "align-middle",
                    row.original.run && "bg-zinc-50/60 dark:bg-zinc-800/30",
                    fresh.has(row.id) && "bg-indigo-50/60 transition-colors dark:bg-indigo-500/10",
                  )}
                >
                  {row.getAllCells().map((cell) => (
                    <td key={cell.id} className="px-3 py-1.5">
                      <table.FlexRender cell={cell} />
                    </td>
                  ))}
                </tr>
                {row.original.run && row.original.runId && openRuns.has(row.original.runId) ? (
                  <tr id={`audit-run-${row.original.runId}`} data-run-events={row.original.runId}>
                    <td colSpan={columnCount} className="bg-zinc-50 px-3 py-2 dark:bg-zinc-950/40">
                      <RunEvents runId={row.original.runId} />
                    </td>
                  </tr>
                ) : null}
              </Fragment>
            ))}
          </tbody>
        </table>
      </div>
      )}
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
    </RunFoldContext.Provider>
  );
}

function AuditCard({ r, open }: { r: AuditRow; open: boolean }) {
  const href = subjectHref(r);
  return (
    <li data-audit-card={key(r)} className="rounded-lg border border-zinc-200 bg-white px-4 py-3 shadow-xs dark:border-zinc-800 dark:bg-zinc-900">
      <div className="flex items-baseline justify-between gap-3 text-xs text-zinc-500 dark:text-zinc-400">
        <span className="font-medium text-zinc-800 dark:text-zinc-200">{r.actor.type === "run" ? `Run #${r.actor.id}` : r.actor.label}</span>
        <RelativeTime at={r.createdAt} className="tabular-nums" />
      </div>
      <p className="mt-1 text-sm break-words text-zinc-900 dark:text-zinc-100">
        {/* A draft event's summary starts with what happened ("Approved to ada"); a run event's needs its kind. */}
        {r.kind === "run" && !r.run ? <span className="font-medium">{eventLabel(r)}: </span> : null}
        {r.summary}
      </p>
      <div className="mt-2 flex items-center gap-3 text-sm">
        {href ? (
          <Link href={href} className="font-medium text-indigo-600 hover:underline dark:text-indigo-400">
            {r.kind === "draft" ? `Draft #${r.draftId}` : `Run #${r.runId}`}
          </Link>
        ) : null}
        {r.run && r.runId ? <RunFoldToggle runId={r.runId} events={r.run.events} open={open} /> : null}
      </div>
      {r.run && r.runId && open ? (
        <div className="mt-2 border-t border-zinc-100 pt-2 dark:border-zinc-800">
          <RunEvents runId={r.runId} />
        </div>
      ) : null}
    </li>
  );
}

function RunFoldToggle({ runId, events, open }: { runId: number; events: number; open: boolean }) {
  const { toggle } = useContextFold();
  return (
    <button type="button" aria-expanded={open} onClick={() => toggle(runId)} className="text-sm font-medium text-zinc-700 hover:text-indigo-600 dark:text-zinc-300">
      {open ? "Hide" : "Show"} {events} {events === 1 ? "event" : "events"}
    </button>
  );
}

// A run's log can hold thousands of chunks; the fold shows the latest ones and links to the whole log.
const RUN_EVENTS_SHOWN = 100;

/** A folded run's own events, read when it is opened. */
function RunEvents({ runId }: { runId: number }) {
  const [page, setPage] = useState<AuditPage | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    apiFetch<AuditPage>(`/api/audit?view=all&run=${runId}&limit=${RUN_EVENTS_SHOWN}`)
      .then((p) => live && setPage(p))
      .catch((err: unknown) => live && setError(errorMessage(err)));
    return () => {
      live = false;
    };
  }, [runId]);
  if (error) return <InlineError message={error} />;
  if (!page) return <p className="text-xs text-zinc-500 dark:text-zinc-400">Loading the run&apos;s events…</p>;
  if (page.rows.length === 0) return <p className="text-xs text-zinc-500 dark:text-zinc-400">This run recorded no events.</p>;
  return (
    <div>
      <ol aria-label={`Events of run ${runId}`} className="space-y-1 text-xs">
        {page.rows.map((e) => (
          <li key={key(e)} className="grid grid-cols-[6rem_7rem_1fr] gap-2 max-md:grid-cols-[5rem_1fr]">
            <RelativeTime at={e.createdAt} className="tabular-nums text-zinc-500 dark:text-zinc-400" />
            <span className="font-medium text-zinc-700 max-md:hidden dark:text-zinc-300" title={e.event}>{eventLabel(e)}</span>
            <span className="min-w-0 break-words text-zinc-800 dark:text-zinc-200">{e.summary}</span>
          </li>
        ))}
      </ol>
      <p className="mt-2 text-xs">
        {page.nextCursor ? <span className="text-zinc-500 dark:text-zinc-400">The latest {page.rows.length} events. </span> : null}
        <Link href={`/runs/${runId}`} className="font-medium text-indigo-600 hover:underline dark:text-indigo-400">Open the run log</Link>
      </p>
    </div>
  );
}

const useContextFold = () => useContext(RunFoldContext);
