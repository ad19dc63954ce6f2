"use client";

import { useEffect, useRef, useState } from "react";
import { apiFetch } from "@/app/_components/api-fetch";
import { useStreamEvent, useStreamReconnect } from "@/app/_components/event-stream";
import type { DraftCounts } from "@/lib/drafts/count-drafts";

// A run writing fifty drafts is one recount, not fifty.
const COALESCE_MS = 400;

/**
 * The tab counts for the current filters (GET /api/drafts/counts): re-read when the filters change, when the
 * loaded rows change (a decision here), and when the stream says drafts changed elsewhere.
 */
export function useDraftCounts(query: string, rowsVersion: unknown): DraftCounts | null {
  const [counts, setCounts] = useState<DraftCounts | null>(null);
  const [tick, setTick] = useState(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const bump = () => {
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      setTick((n) => n + 1);
    }, COALESCE_MS);
  };
  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);
  useStreamEvent("drafts:changed", bump);
  useStreamReconnect(bump);

  // New filters: the old numbers would mislead, so they go until the new ones arrive.
  useEffect(() => setCounts(null), [query]);
  useEffect(() => {
    const ctrl = new AbortController();
    apiFetch<DraftCounts>(`/api/drafts/counts${query ? `?${query}` : ""}`, { signal: ctrl.signal })
      .then(setCounts)
      .catch(() => {
        // Counts are a guide: a failed read leaves the tabs without numbers rather than showing an error.
      });
    return () => ctrl.abort();
  }, [query, rowsVersion, tick]);
  return counts;
}
