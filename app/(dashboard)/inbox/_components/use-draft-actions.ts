"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { ApiError, apiFetch, errorMessage } from "@/app/_components/api-fetch";
import type { DraftView } from "@/lib/drafts/draft-view";
import { fetchDrafts } from "./use-draft-list";

export type RowAction = "approve" | "reject" | "edit" | "regenerate" | "undo" | "retry" | "reopen" | "send";

/** A message pinned to one row: a refusal from the server, or a version conflict with the user's lost edit. */
export type RowNotice = { tone: "error" | "conflict"; text: string; lostBody?: string };

export type ActionOutcome = "ok" | "conflict" | "error";

export const CONFLICT_TEXT = "Someone else changed this draft. The latest version is shown; review it and try again.";

// While the live stream is down, rows being rewritten by an agent run are re-read this often instead, so the new
// body still appears without a reload (with the stream up, drafts:changed and run:finished do it).
const POLL_MS = 5000;
const POLL_MAX_ROWS = 20;

/** Told of every change that committed, with the row before and after (the inbox offers Undo from it). */
export type OnChanged = (action: RowAction, before: DraftView, fresh: DraftView) => void;

export function useDraftActions(
  rows: DraftView[],
  replaceRows: (fresh: DraftView[]) => void,
  { poll, onChanged }: { poll: boolean; onChanged?: OnChanged },
) {
  const [busy, setBusy] = useState<Record<number, RowAction>>({});
  const [notices, setNotices] = useState<Record<number, RowNotice>>({});
  const rowsRef = useRef(rows);
  rowsRef.current = rows;
  const onChangedRef = useRef(onChanged);
  onChangedRef.current = onChanged;

  const setNotice = useCallback((id: number, notice: RowNotice | null) => {
    setNotices((prev) => {
      const next = { ...prev };
      if (notice) next[id] = notice;
      else delete next[id];
      return next;
    });
  }, []);

  /**
   * Approving one variant rejects its pending siblings on the server, and reopening it brings them back: re-read
   * the loaded ones.
   */
  const refreshSiblings = useCallback(
    async (changed: DraftView[]) => {
      const groups = new Set(changed.map((d) => d.variantGroupId).filter(Boolean));
      if (groups.size === 0) return;
      const done = new Set(changed.map((d) => d.id));
      const ids = rowsRef.current.filter((r) => r.variantGroupId && groups.has(r.variantGroupId) && !done.has(r.id)).map((r) => r.id);
      if (ids.length) replaceRows(await fetchDrafts(ids));
    },
    [replaceRows],
  );

  const run = useCallback(
    async (draft: DraftView, action: RowAction, call: () => Promise<DraftView>, lostBody?: string): Promise<ActionOutcome> => {
      setBusy((prev) => ({ ...prev, [draft.id]: action }));
      setNotice(draft.id, null);
      try {
        const fresh = await call();
        replaceRows([fresh]);
        if (action === "approve" || action === "reopen" || action === "send") await refreshSiblings([fresh]);
        onChangedRef.current?.(action, draft, fresh);
        return "ok";
      } catch (err) {
        if (err instanceof ApiError && err.code === "version_conflict") {
          // The server's current_version is advisory; show the whole fresh row so the reviewer decides again.
          replaceRows(await fetchDrafts([draft.id]));
          setNotice(draft.id, { tone: "conflict", text: CONFLICT_TEXT, lostBody });
          return "conflict";
        }
        // A send the account's limits or an opt-out held: the row now carries the hold, so show it as it is.
        if (err instanceof ApiError && err.code === "held") replaceRows(await fetchDrafts([draft.id]));
        setNotice(draft.id, { tone: "error", text: errorMessage(err) });
        return "error";
      } finally {
        setBusy((prev) => {
          const next = { ...prev };
          delete next[draft.id];
          return next;
        });
      }
    },
    [replaceRows, refreshSiblings, setNotice],
  );

  const patch = (draft: DraftView, body: Record<string, unknown>) =>
    apiFetch<DraftView>(`/api/drafts/${draft.id}`, { method: "PATCH", body: { ...body, version: draft.version } });

  const approve = (d: DraftView) => run(d, "approve", () => patch(d, { state: "approved" }));
  const reject = (d: DraftView, reason?: string) => run(d, "reject", () => patch(d, { state: "rejected", ...(reason ? { reason } : {}) }));
  // Back to review: the Reopen of the Approved and Rejected tabs.
  const reopen = (d: DraftView) => run(d, "reopen", () => patch(d, { state: "pending_review" }));
  // Undo after an approve or reject: back to the state the draft had before the decision, approved included.
  const restore = (d: DraftView) => run(d, "reopen", () => patch(d, { state: "pending_review", undo: true }));
  // A message the reviewer sent by hand, outside the extension: recorded as sent (the blocklist is checked again),
  // with the link to the sent post or comment when the reviewer gave one (the removal checks read it).
  const markSent = (d: DraftView, permalink?: string) => run(d, "send", () => patch(d, { state: "sent", ...(permalink ? { permalink } : {}) }));
  const saveBody = (d: DraftView, body: string) => run(d, "edit", () => patch(d, { body }), body);
  const regenerate = (d: DraftView, hint: string) =>
    run(d, "regenerate", async () => {
      const res = await apiFetch<{ draft: DraftView; runId: number }>(`/api/drafts/${d.id}/regenerate`, {
        method: "POST",
        body: hint.trim() ? { hint: hint.trim() } : {},
      });
      return res.draft;
    });
  const undo = (d: DraftView) =>
    run(d, "undo", () =>
      apiFetch<DraftView>(`/api/drafts/${d.id}/regenerate/undo`, { method: "POST", body: { version: d.version } }),
    );

  // A reply whose drafting run failed: start a new drafting run, then show the row as it now is (drafting again).
  const retryDrafting = (d: DraftView) =>
    run(d, "retry", async () => {
      await apiFetch(`/api/drafts/${d.id}/reply-drafting`, { method: "POST", body: {} });
      return (await fetchDrafts([d.id]))[0] ?? d;
    });

  usePollRunningRows(rows, replaceRows, poll);

  return { busy, notices, setNotice, approve, reject, reopen, restore, markSent, saveBody, regenerate, undo, retryDrafting, refreshSiblings };
}

/** Rows waiting on an agent run (regeneration, reply drafting) are re-read until the run lets go of them. */
function usePollRunningRows(rows: DraftView[], replaceRows: (fresh: DraftView[]) => void, enabled: boolean) {
  const waiting = rows
    .filter((d) => d.regeneratingRunId !== null || (d.draftingRunId !== null && d.draftingFailure === null))
    .slice(0, POLL_MAX_ROWS)
    .map((d) => d.id)
    .join(",");

  useEffect(() => {
    if (!waiting || !enabled) return;
    let cancelled = false;
    const timer = setInterval(async () => {
      const fresh = await fetchDrafts(waiting.split(",").map(Number));
      if (!cancelled) replaceRows(fresh);
    }, POLL_MS);
    return () => {
      cancelled = true;
      clearInterval(timer);
    };
  }, [waiting, replaceRows, enabled]);
}
