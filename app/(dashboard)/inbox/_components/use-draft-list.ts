"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { apiFetch, errorMessage } from "@/app/_components/api-fetch";
import type { DraftView } from "@/lib/drafts/draft-view";

type ListResponse = { drafts: DraftView[]; nextCursor: string | null };
export type ListStatus = "loading" | "ready" | "error";

/**
 * The inbox rows for one API query, fetched on the client so filter changes don't re-render the whole page.
 * `query` is GET /api/drafts's query string without the cursor; `pageQuery(cursor)` adds it for Load more.
 */
export function useDraftList(query: string, pageQuery: (cursor: string) => string) {
  const [rows, setRows] = useState<DraftView[]>([]);
  const [nextCursor, setNextCursor] = useState<string | null>(null);
  const [status, setStatus] = useState<ListStatus>("loading");
  const [error, setError] = useState<string | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreError, setMoreError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  // A slow response for an old filter must never overwrite the rows of the current one.
  const generation = useRef(0);

  useEffect(() => {
    const gen = ++generation.current;
    const ctrl = new AbortController();
    setStatus("loading");
    setError(null);
    setMoreError(null);
    apiFetch<ListResponse>(`/api/drafts?${query}`, { signal: ctrl.signal })
      .then((res) => {
        if (gen !== generation.current) return;
        setRows(res.drafts);
        setNextCursor(res.nextCursor);
        setStatus("ready");
      })
      .catch((err: unknown) => {
        if (gen !== generation.current || ctrl.signal.aborted) return;
        setError(errorMessage(err));
        setStatus("error");
      });
    return () => ctrl.abort();
  }, [query, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  /** Re-reads the first page in place (no loading state), for drafts that arrived from a run. */
  const refresh = useCallback(async () => {
    const gen = generation.current;
    try {
      const res = await apiFetch<ListResponse>(`/api/drafts?${query}`);
      if (gen !== generation.current) return;
      setRows(res.drafts);
      setNextCursor(res.nextCursor);
    } catch {
      // The notice stays up and the reviewer can reload by hand.
    }
  }, [query]);

  const loadMore = useCallback(async () => {
    if (!nextCursor || loadingMore) return;
    const gen = generation.current;
    setLoadingMore(true);
    setMoreError(null);
    try {
      const res = await apiFetch<ListResponse>(`/api/drafts?${pageQuery(nextCursor)}`);
      if (gen !== generation.current) return;
      // Keyset pages never overlap, but a row edited between pages could shift; keep the first copy.
      setRows((prev) => {
        const seen = new Set(prev.map((d) => d.id));
        return [...prev, ...res.drafts.filter((d) => !seen.has(d.id))];
      });
      setNextCursor(res.nextCursor);
    } catch (err) {
      if (gen === generation.current) setMoreError(errorMessage(err));
    } finally {
      setLoadingMore(false);
    }
  }, [nextCursor, loadingMore, pageQuery]);

  /** Swaps in fresh copies of rows (after an action or a conflict), leaving the list order alone. */
  const replaceRows = useCallback((fresh: DraftView[]) => {
    if (fresh.length === 0) return;
    const byId = new Map(fresh.map((d) => [d.id, d]));
    setRows((prev) => prev.map((d) => byId.get(d.id) ?? d));
  }, []);

  return { rows, nextCursor, status, error, retry, refresh, loadMore, loadingMore, moreError, replaceRows };
}

/** GET /api/drafts/[id] for several ids, a few at a time so a large bulk action doesn't flood the server. */
export async function fetchDrafts(ids: number[], concurrency = 4): Promise<DraftView[]> {
  const out: DraftView[] = [];
  const queue = [...ids];
  async function worker() {
    for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
      try {
        out.push(await apiFetch<DraftView>(`/api/drafts/${id}`));
      } catch {
        // A draft deleted meanwhile just keeps its old row until the next reload.
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, ids.length) }, worker));
  return out;
}
