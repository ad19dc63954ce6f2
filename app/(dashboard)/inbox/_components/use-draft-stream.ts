"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { useStreamEvent, useStreamReconnect } from "@/app/_components/event-stream";
import type { DraftView } from "@/lib/drafts/draft-view";
import { fetchDrafts } from "./use-draft-list";

/**
 * Keeps the loaded inbox rows current from the live stream. Changed rows that are on screen are re-read in place
 * (their order stays put under the reviewer's cursor); changes to drafts that are not loaded (new drafts from a
 * run, rows on later pages) only raise `outside`, and the page offers to reload the list rather than jumping it.
 *
 * The row open in the editor is left alone until the editor closes: its version is the one the reviewer's edit is
 * based on, so a change by someone else must come back as a version conflict on save, not be silently overwritten.
 */
export function useDraftStream(rows: DraftView[], replaceRows: (fresh: DraftView[]) => void, editingId: number | null) {
  const rowsRef = useRef(rows);
  rowsRef.current = rows;
  const editingRef = useRef(editingId);
  editingRef.current = editingId;
  const deferred = useRef(new Set<number>());
  const [outside, setOutside] = useState(false);

  const reread = useCallback(
    async (ids: number[]) => {
      const now = ids.filter((id) => {
        if (id !== editingRef.current) return true;
        deferred.current.add(id);
        return false;
      });
      if (now.length) replaceRows(await fetchDrafts(now));
    },
    [replaceRows],
  );

  // The editor closed (saved, cancelled or moved on): catch up on what changed under it meanwhile.
  useEffect(() => {
    const waiting = [...deferred.current].filter((id) => id !== editingId);
    if (waiting.length === 0) return;
    for (const id of waiting) deferred.current.delete(id);
    void reread(waiting);
  }, [editingId, reread]);

  useStreamEvent("drafts:changed", ({ ids }) => {
    const loaded = new Set(rowsRef.current.map((d) => d.id));
    const list = Array.isArray(ids) ? ids : [];
    void reread(list.filter((id) => loaded.has(id)));
    if (list.length === 0 || list.some((id) => !loaded.has(id))) setOutside(true);
  });

  // A regeneration or reply-drafting run that ended lets go of its rows even if it changed nothing.
  useStreamEvent("run:finished", ({ runId }) => {
    void reread(rowsRef.current.filter((d) => d.regeneratingRunId === runId || d.draftingRunId === runId).map((d) => d.id));
  });

  // Events were missed while the stream was down: re-read every row still waiting on a run.
  useStreamReconnect(() => {
    void reread(rowsRef.current.filter((d) => d.regeneratingRunId !== null || d.draftingRunId !== null).map((d) => d.id));
    setOutside(true);
  });

  return { outside, clearOutside: useCallback(() => setOutside(false), []) };
}
