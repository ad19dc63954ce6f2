"use client";

import { useState } from "react";
import { apiFetch, errorMessage } from "@/app/_components/api-fetch";
import { Button } from "@/app/_components/button";
import { cx } from "@/app/_components/cx";
import { controlClasses } from "@/app/_components/field";
import { InlineError } from "@/app/_components/inline-error";
import { BULK_FILTER_LIMIT } from "@/lib/drafts/bulk-limits";
import type { BulkActionKind } from "./filters";

export type BulkStatus = "approved" | "rejected" | "rescheduled" | "skipped" | "not_found";
export type BulkOutcome = { id: number; status: BulkStatus; reason?: string };
export type BulkAction = "approve" | "reject" | "reschedule" | "unschedule";
/** `byFilter`: the call named the filter ("Select all N matching"); `truncated`: more matched than one call takes. */
export type BulkResult = { action: BulkAction; results: BulkOutcome[]; byFilter?: boolean; truncated?: boolean };

type BulkBarProps = {
  /** The actions the current tab allows (filters.ts STATE_TABS). */
  actions: readonly BulkActionKind[];
  selectedIds: number[];
  /** Every loaded row is ticked: the moment to offer the drafts not loaded yet. */
  allLoadedSelected: boolean;
  /** How many drafts match the current view (the tab's count); null while unknown. */
  matching: number | null;
  /** "Select all N matching" is on: actions send the filter instead of ids. */
  allMatching: boolean;
  /** The bulk routes' `filter` for the current view. */
  filter: Record<string, string>;
  /** The states the view holds: sent with ticked ids, so a draft that left them since is skipped (null: any). */
  states: string[] | null;
  onSelectAllMatching: () => void;
  onDone: (result: BulkResult) => void | Promise<void>;
  onClearSelection: () => void;
};

const fmt = new Intl.NumberFormat("en");
const ROUTES: Record<BulkAction, string> = {
  approve: "/api/drafts/bulk-approve",
  reject: "/api/drafts/bulk-reject",
  reschedule: "/api/drafts/bulk-reschedule",
  unschedule: "/api/drafts/bulk-reschedule",
};

/** Acts on every selected draft at once. The server answers per id, so one bad draft never sinks the batch. */
export function BulkBar(props: BulkBarProps) {
  const { actions, selectedIds, allLoadedSelected, matching, allMatching, filter, states, onSelectAllMatching, onDone, onClearSelection } = props;
  const [pending, setPending] = useState<BulkAction | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [when, setWhen] = useState("");
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState("");
  const count = allMatching ? (matching ?? 0) : selectedIds.length;
  const none = count === 0;
  const moreThanLoaded = matching !== null && matching > selectedIds.length;

  async function run(action: BulkAction) {
    setPending(action);
    setError(null);
    const target = allMatching ? { filter } : { ids: selectedIds, ...(states ? { states } : {}) };
    const extra =
      action === "reschedule"
        ? // datetime-local carries no zone: it is the reviewer's local time, sent as an absolute instant.
          { send_after: new Date(when).toISOString() }
        : action === "unschedule"
          ? { send_after: null }
          : action === "reject" && reason.trim()
            ? { reason: reason.trim() }
            : {};
    try {
      const res = await apiFetch<{ results: BulkOutcome[]; truncated?: boolean }>(ROUTES[action], { method: "POST", body: { ...target, ...extra } });
      await onDone({ action, results: res.results, byFilter: allMatching, truncated: res.truncated });
      if (action === "reschedule") setWhen("");
      if (action === "reject") {
        setRejecting(false);
        setReason("");
      }
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setPending(null);
    }
  }

  const validWhen = when !== "" && !Number.isNaN(new Date(when).getTime());
  const can = (a: BulkActionKind) => actions.includes(a);
  const busy = none || pending !== null;

  return (
    <div
      role="region"
      aria-label="Bulk actions"
      className={cx(
        "sticky top-0 z-10 mb-3 rounded-lg border px-4 py-2.5 shadow-xs",
        // On a phone the bar appears only with a selection, pinned to the bottom within thumb's reach.
        none
          ? "border-zinc-200 bg-white max-md:hidden dark:border-zinc-800 dark:bg-zinc-900"
          : "border-indigo-200 bg-indigo-50 max-md:fixed max-md:inset-x-2 max-md:top-auto max-md:bottom-2 max-md:z-30 max-md:mb-0 max-md:shadow-lg dark:border-indigo-500/30 dark:bg-zinc-900",
      )}
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <p className="min-w-28 text-sm font-medium text-zinc-800 dark:text-zinc-200" aria-live="polite" data-testid="bulk-selected">
          {none ? "None selected" : allMatching ? `All ${fmt.format(count)} matching selected` : `${fmt.format(count)} selected`}
        </p>
        {can("approve") ? (
          <Button size="sm" onClick={() => run("approve")} disabled={busy} pending={pending === "approve"}>
            Approve selected
          </Button>
        ) : null}
        {can("reject") ? (
          <Button
            size="sm"
            variant="danger"
            onClick={() => setRejecting((v) => !v)}
            disabled={busy}
            aria-expanded={rejecting}
            aria-controls="bulk-reject-form"
          >
            Reject selected…
          </Button>
        ) : null}
        {can("reschedule") ? (
          <>
            <span aria-hidden="true" className="h-5 w-px bg-zinc-300 dark:bg-zinc-700" />
            {/* The schedule controls wrap as one group, so a narrow window never strands a button on a line of its own. */}
            <div role="group" aria-label="Schedule" className="flex flex-wrap items-center gap-x-3 gap-y-2">
              <label htmlFor="bulk-send-after" className="text-sm text-zinc-600 dark:text-zinc-400">
                Send after
              </label>
              {/* controlClasses are full-width block controls; the wrapper gives this one its own width. */}
              <div className="w-52">
                <input
                  id="bulk-send-after"
                  type="datetime-local"
                  value={when}
                  onChange={(e) => setWhen(e.target.value)}
                  className={cx(controlClasses, "h-8")}
                />
              </div>
              <Button size="sm" variant="secondary" onClick={() => run("reschedule")} disabled={busy || !validWhen} pending={pending === "reschedule"}>
                Reschedule selected
              </Button>
              <Button
                size="sm"
                variant="ghost"
                onClick={() => run("unschedule")}
                disabled={busy}
                pending={pending === "unschedule"}
                title="Remove the send-after time: ready to send now"
              >
                Clear schedule
              </Button>
            </div>
          </>
        ) : null}
        {none ? (
          <span className="text-xs text-zinc-500 dark:text-zinc-400">Tick rows (or press x) to act on several drafts.</span>
        ) : (
          <Button size="sm" variant="ghost" onClick={onClearSelection} disabled={pending !== null} className="ml-auto">
            Clear selection
          </Button>
        )}
      </div>
      {allLoadedSelected && !allMatching && moreThanLoaded ? (
        <p className="mt-2 text-sm text-zinc-700 dark:text-zinc-300">
          All {fmt.format(selectedIds.length)} loaded drafts are selected.{" "}
          <button
            type="button"
            onClick={onSelectAllMatching}
            className="font-medium text-indigo-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-indigo-300"
          >
            Select all {fmt.format(matching!)} matching
          </button>
        </p>
      ) : null}
      {allMatching ? (
        <p className="mt-2 text-xs text-zinc-600 dark:text-zinc-400" data-testid="bulk-all-matching">
          Every draft matching this view, including those not loaded, is selected.
          {matching !== null && matching > BULK_FILTER_LIMIT
            ? ` One action takes the newest ${fmt.format(BULK_FILTER_LIMIT)}; run it again for the rest.`
            : ""}
        </p>
      ) : null}
      {rejecting && !none ? (
        <form
          id="bulk-reject-form"
          className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-2"
          onSubmit={(e) => {
            e.preventDefault();
            void run("reject");
          }}
        >
          <label htmlFor="bulk-reject-reason" className="text-sm text-zinc-600 dark:text-zinc-400">
            Reason
          </label>
          <div className="w-full max-w-md grow">
            <input
              id="bulk-reject-reason"
              value={reason}
              maxLength={500}
              autoFocus
              placeholder="Optional: kept in each draft's history (e.g. off-topic)"
              onChange={(e) => setReason(e.target.value)}
              className={cx(controlClasses, "h-8")}
            />
          </div>
          <Button size="sm" variant="danger" type="submit" disabled={pending !== null} pending={pending === "reject"}>
            Reject {fmt.format(count)} {count === 1 ? "draft" : "drafts"}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setRejecting(false)} disabled={pending !== null}>
            Cancel
          </Button>
        </form>
      ) : null}
      <InlineError message={error} className="mt-2" />
    </div>
  );
}
