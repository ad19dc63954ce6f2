"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { apiFetch, errorMessage } from "@/app/_components/api-fetch";
import type { DraftView } from "@/lib/drafts/draft-view";
import { expandDraftView, type CompactDraftView } from "@/lib/drafts/compact-draft-view";
import { mergeFreshPage, newerCopy } from "@/lib/drafts/merge-fresh-page";

type ListResponse = { drafts: DraftView[]; nextCursor: string | null };
export type ListStatus = "loading" | "ready" | "error";

/**
 * The first page as the server read it while rendering /inbox (app/(dashboard)/inbox/first-page.ts): GET
 * /api/drafts's answer for `query` with its rows compact (lib/drafts/compact-draft-view.ts), and the server's clock
 * then (cells that compare a time with now use it until the page is hydrated, so both renders agree).
 */
export interface InitialDraftPage {
  query: string;
  drafts: CompactDraftView[];
  nextCursor: string | null;
  renderedAt: number;
}

/**
 * The inbox rows for one API query, fetched on the client so filter changes don't re-render the whole page.
 * `query` is GET /api/drafts's query string without the cursor; `pageQuery(cursor)` adds it for Load more.
 * `initial`, the page the server rendered, stands for the first fetch when it is for the same query.
 */
export function useDraftList(query: string, pageQuery: (cursor: string) => string, initial: InitialDraftPage | null = null) {
  const seeded = initial !== null && initial.query === query ? initial : null;
  const [rows, setRows] = useState<DraftView[]>(() => seeded?.drafts.map(expandDraftView) ?? []);
  const [nextCursor, setNextCursor] = useState<string | null>(() => seeded?.nextCursor ?? null);
  const [status, setStatus] = useState<ListStatus>(seeded ? "ready" : "loading");
  // The query the server's page answers, until the list first moves on from it (a filter change or a retry). Both
  // runs of the effect in development's strict mode see it and skip the fetch.
  const seededQuery = useRef(seeded?.query ?? null);
  const [error, setError] = useState<string | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreError, setMoreError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  // A slow response for an old filter must never overwrite the rows of the current one.
  const generation = useRef(0);

  useEffect(() => {
    if (seededQuery.current !== null) {
      if (seededQuery.current === query && attempt === 0) return;
      seededQuery.current = null;
    }
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
      // New drafts are added; the rows on screen stay, a decision made here in place included, and a re-read that
      // set out before a decision or edit made here can land after it: the newer copy is kept.
      setRows((prev) => mergeFreshPage(prev, res.drafts));
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
    setRows((prev) => prev.map((d) => newerCopy(d, byId.get(d.id))));
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
