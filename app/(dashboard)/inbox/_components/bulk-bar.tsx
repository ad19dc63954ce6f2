"use client";

import { useState } from "react";
import { apiFetch, errorMessage } from "@/app/_components/api-fetch";
import { Button } from "@/app/_components/button";
import { cx } from "@/app/_components/cx";
import { controlClasses } from "@/app/_components/field";
import { InlineError } from "@/app/_components/inline-error";

export type BulkStatus = "approved" | "rescheduled" | "skipped" | "not_found";
export type BulkOutcome = { id: number; status: BulkStatus; reason?: string };
export type BulkAction = "approve" | "reschedule" | "unschedule";
export type BulkResult = { action: BulkAction; results: BulkOutcome[] };

type BulkBarProps = {
  selectedIds: number[];
  onDone: (result: BulkResult) => void | Promise<void>;
  onClearSelection: () => void;
};

/** Acts on every selected draft at once. The server answers per id, so one bad draft never sinks the batch. */
export function BulkBar({ selectedIds, onDone, onClearSelection }: BulkBarProps) {
  const [pending, setPending] = useState<BulkAction | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [when, setWhen] = useState("");
  const count = selectedIds.length;
  const none = count === 0;

  async function run(action: BulkAction) {
    setPending(action);
    setError(null);
    try {
      const res =
        action === "approve"
          ? await apiFetch<{ results: BulkOutcome[] }>("/api/drafts/bulk-approve", { method: "POST", body: { ids: selectedIds } })
          : await apiFetch<{ results: BulkOutcome[] }>("/api/drafts/bulk-reschedule", {
              method: "POST",
              // datetime-local carries no zone: it is the reviewer's local time, sent as an absolute instant.
              body: { ids: selectedIds, send_after: action === "reschedule" ? new Date(when).toISOString() : null },
            });
      await onDone({ action, results: res.results });
      if (action === "reschedule") setWhen("");
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setPending(null);
    }
  }

  const validWhen = when !== "" && !Number.isNaN(new Date(when).getTime());

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
        <p className="min-w-28 text-sm font-medium text-zinc-800 dark:text-zinc-200" aria-live="polite">
          {none ? "None selected" : `${count} selected`}
        </p>
        <Button size="sm" onClick={() => run("approve")} disabled={none || pending !== null} pending={pending === "approve"}>
          Approve selected
        </Button>
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
          <Button
            size="sm"
            variant="secondary"
            onClick={() => run("reschedule")}
            disabled={none || !validWhen || pending !== null}
            pending={pending === "reschedule"}
          >
            Reschedule selected
          </Button>
          <Button
            size="sm"
            variant="ghost"
            onClick={() => run("unschedule")}
            disabled={none || pending !== null}
            pending={pending === "unschedule"}
            title="Remove the send-after time: ready to send now"
          >
            Clear schedule
          </Button>
        </div>
        {none ? (
          <span className="text-xs text-zinc-500 dark:text-zinc-400">Tick rows (or press x) to act on several drafts.</span>
        ) : (
          <Button size="sm" variant="ghost" onClick={onClearSelection} disabled={pending !== null} className="ml-auto">
            Clear selection
          </Button>
        )}
      </div>
      <InlineError message={error} className="mt-2" />
    </div>
  );
}
