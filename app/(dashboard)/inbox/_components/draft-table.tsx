"use client";

import { useTable, type OnChangeFn, type RowSelectionState } from "@tanstack/react-table";
import { Fragment, useMemo } from "react";
import { cx } from "@/app/_components/cx";
import { useMediaQuery } from "@/app/_components/use-media-query";
import type { DraftView } from "@/lib/drafts/draft-view";
import { columnClasses, compactDraftColumns, draftColumns, inboxFeatures } from "./draft-columns";
import type { InboxTableMeta } from "./inbox-meta";
import { groupPositions } from "./variant-groups";

type DraftTableProps = {
  rows: DraftView[];
  meta: InboxTableMeta;
  rowSelection: RowSelectionState;
  onRowSelectionChange: OnChangeFn<RowSelectionState>;
  /** False on tabs whose drafts no bulk action applies to: no checkboxes. */
  selectable?: boolean;
  /** Whether a row may be ticked (rows that left the tab's state may not). */
  canSelect?: (d: DraftView) => boolean;
  focusedId: number | null;
  onFocusRow: (id: number) => void;
  registerRow: (id: number, el: HTMLTableRowElement | null) => void;
};

/**
 * The inbox table. It only renders: rows arrive filtered, sorted and paged by the API. Below md each row becomes a
 * card (the table's parts turn into blocks and a two-column grid), so a phone reads the whole draft and its actions;
 * up to xl the status folds under the target (compactDraftColumns) so the draft column stays readable.
 */
export function DraftTable({ rows, meta, rowSelection, onRowSelectionChange, focusedId, onFocusRow, registerRow, selectable = true, canSelect }: DraftTableProps) {
  // Tailwind's md and xl: a table (not the phone's cards) with less room than a wide screen gives it.
  const compact = useMediaQuery("(min-width: 48rem) and (max-width: 79.98rem)");
  // Tabs without bulk actions (Sent, Replied, Rejected) have nothing to tick.
  const all = compact ? compactDraftColumns : draftColumns;
  const columns = useMemo(() => (selectable ? all : all.filter((c) => c.id !== "select")), [all, selectable]);
  const table = useTable({
    features: inboxFeatures,
    columns,
    data: rows,
    getRowId: (d) => String(d.id),
    state: { rowSelection },
    onRowSelectionChange,
    enableRowSelection: canSelect ? (row) => canSelect(row.original) : true,
    meta,
  });
  const groups = groupPositions(rows);
  const columnCount = columns.length;

  return (
    <div tabIndex={0} className="relative overflow-x-auto rounded-lg border border-zinc-200 bg-white shadow-xs dark:border-zinc-800 dark:bg-zinc-900">
      <table className="w-full table-fixed border-collapse text-left text-sm max-md:block" aria-label="Drafts">
        <caption className="sr-only">
          Drafts for review. Keys: j and k move between rows, a approves, r rejects, e edits, x selects, question mark
          lists every key.
        </caption>
        <thead className="border-b border-zinc-200 bg-zinc-50 text-xs max-md:hidden font-medium tracking-wide text-zinc-500 uppercase dark:border-zinc-800 dark:bg-zinc-900/60 dark:text-zinc-400">
          {table.getHeaderGroups().map((hg) => (
            <tr key={hg.id}>
              {hg.headers.map((h) => (
                <th key={h.id} scope="col" className={cx("px-4 py-2.5 font-medium", columnClasses[h.column.id])}>
                  <table.FlexRender header={h} />
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody className="divide-y divide-zinc-200 max-md:block dark:divide-zinc-800">
          {table.getRowModel().rows.map((row) => {
            const d = row.original;
            const group = groups.get(d.id);
            const focused = d.id === focusedId;
            return (
              <Fragment key={row.id}>
                {group?.index === 0 ? (
                  <tr className="bg-indigo-50/60 max-md:block dark:bg-indigo-500/10">
                    <td
                      colSpan={columnCount}
                      className="border-l-4 border-indigo-400 px-4 py-1.5 text-xs max-md:block font-medium text-indigo-800 dark:border-indigo-500 dark:text-indigo-200"
                    >
                      A/B variants for {d.targetUser} · {group.size} versions. Approving one rejects the others.
                    </td>
                  </tr>
                ) : null}
                <tr
                  ref={(el) => registerRow(d.id, el)}
                  data-draft-id={d.id}
                  data-focused={focused || undefined}
                  aria-current={focused || undefined}
                  onClick={() => onFocusRow(d.id)}
                  className={cx(
                    "draft-row",
                    focused
                      ? "bg-indigo-50/80 outline-2 -outline-offset-2 outline-indigo-500 dark:bg-indigo-500/10"
                      : row.getIsSelected() && "bg-zinc-50 dark:bg-zinc-800/40",
                  )}
                >
                  {row.getAllCells().map((cell) => (
                    <td
                      key={cell.id}
                      className={cx(
                        "draft-cell",
                        columnClasses[cell.column.id],
                        cell.column.id === "select" && group && "border-l-4 border-indigo-400 md:pl-3 dark:border-indigo-500",
                      )}
                    >
                      <table.FlexRender cell={cell} />
                    </td>
                  ))}
                </tr>
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
