"use client";

import type { RowSelectionState } from "@tanstack/react-table";
import { useSearchParams } from "next/navigation";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Button } from "@/app/_components/button";
import { InlineError } from "@/app/_components/inline-error";
import { PageHeader } from "@/app/_components/page-header";
import { Toast } from "@/app/_components/toast";
import type { DraftView } from "@/lib/drafts/draft-view";
import { BulkBar, type BulkResult } from "./bulk-bar";
import { BulkResults } from "./bulk-results";
import type { QualityThresholds } from "./draft-badges";
import { DraftTable } from "./draft-table";
import { activeTabKey, apiQuery, bulkActionsFor, bulkFilter, countsQuery, readFilters, selectableStates, withCampaignQualityDefault, type TabKey } from "./filters";
import { InboxEmpty, InboxLoading } from "./inbox-empty";
import { InboxFilterBar, type CampaignOption, type ProjectOption } from "./inbox-filters";
import { isReviewable, type InboxTableMeta } from "./inbox-meta";
import { KeyboardHelp, useInboxKeys } from "./keyboard";
import { useStreamStatus } from "@/app/_components/event-stream";
import { useDraftActions, type OnChanged } from "./use-draft-actions";
import { useDraftStream } from "./use-draft-stream";
import { fetchDrafts, useDraftList, type InitialDraftPage } from "./use-draft-list";
import { useHydrated } from "@/app/_components/use-hydrated";
import { useDraftCounts } from "./use-draft-counts";
import { undoBulk } from "./undo-bulk";
import { draftLabel, useUndo } from "./use-undo";
import { clusterVariants } from "./variant-groups";

export type InboxProps = {
  thresholds: QualityThresholds;
  forumOrigin: string | null;
  campaigns: CampaignOption[];
  projects: ProjectOption[];
  platforms: readonly string[];
  /** Campaign id → its inbox quality default. */
  qualityDefaults?: Record<number, number>;
  /** The first page of drafts for the URL, read by the server while rendering the page (null: fetch it here). */
  firstPage?: InitialDraftPage | null;
};

const NO_DEFAULTS: Record<number, number> = {};

export function Inbox({ thresholds, forumOrigin, campaigns, projects, platforms, qualityDefaults = NO_DEFAULTS, firstPage = null }: InboxProps) {
  const searchParams = useSearchParams();
  const params = useMemo(() => new URLSearchParams(searchParams?.toString() ?? ""), [searchParams]);
  const filters = useMemo(() => withCampaignQualityDefault(readFilters(params), qualityDefaults), [params, qualityDefaults]);
  const query = apiQuery(filters);
  const filtersRef = useRef(filters);
  filtersRef.current = filters;
  const pageQuery = useCallback((cursor: string) => apiQuery(filtersRef.current, cursor), []);

  const list = useDraftList(query, pageQuery, firstPage);
  // The server's HTML and the hydrating render must agree: until React owns the page, rows compare times with the
  // server's clock at render and leave out what only the browser knows (its origin for compose links).
  const hydrated = useHydrated();
  const counts = useDraftCounts(countsQuery(filters), list.rows);
  const tab = activeTabKey(filters) as TabKey | null;
  // The drafts this view holds in all (a state list no tab stands for has no count).
  const matching = counts && tab ? counts[tab] : null;
  const bulkActions = bulkActionsFor(filters);
  const tabStates = useMemo(() => selectableStates(filters), [filters]);
  const canSelect = useCallback((d: DraftView) => tabStates === null || tabStates.includes(d.state), [tabStates]);
  const rows = useMemo(() => clusterVariants(list.rows), [list.rows]);
  // Rows under an agent run refresh from the stream; the timer is only a fallback while the stream is down.
  const streamStatus = useStreamStatus();
  const undo = useUndo();
  // A stray a or r is not final: each approve and reject is offered back for a few seconds.
  const onChanged: OnChanged = (action, before, fresh) => {
    if (action !== "approve" && action !== "reject") return;
    const what = action === "approve" ? "Approved" : "Rejected";
    undo.offer(`${what} ${draftLabel(before)}.`, async () => {
      // Back to the state the draft had before (an approved draft rejected by mistake is approved again).
      const outcome = await actionsRef.current.restore(fresh);
      const where = before.state === "approved" || before.state === "armed" ? "approved again" : "back in review";
      return outcome === "ok" ? `${capitalize(draftLabel(before))} is ${where}.` : "Could not undo: the draft shows why.";
    });
  };
  const actions = useDraftActions(list.rows, list.replaceRows, { poll: streamStatus !== "live", onChanged });
  const actionsRef = useRef(actions);
  actionsRef.current = actions;


  const [rowSelection, setRowSelectionState] = useState<RowSelectionState>({});
  // "Select all N matching": bulk actions name the filter, not the ticked ids. Any change of the ticks ends it.
  const [allMatching, setAllMatching] = useState(false);
  const setRowSelection = useCallback((next: RowSelectionState | ((prev: RowSelectionState) => RowSelectionState)) => {
    setAllMatching(false);
    setRowSelectionState(next);
  }, []);
  const [focusedId, setFocusedId] = useState<number | null>(null);
  const [editing, setEditing] = useState<{ id: number; text: string } | null>(null);
  const live = useDraftStream(list.rows, list.replaceRows, editing?.id ?? null);
  const { clearOutside } = live;
  // A reloaded list contains whatever changed outside it.
  useEffect(() => {
    if (list.status === "loading") clearOutside();
  }, [list.status, clearOutside]);
  const [regenerating, setRegenerating] = useState<number | null>(null);
  const [rejecting, setRejecting] = useState<number | null>(null);
  const [markingSent, setMarkingSent] = useState<number | null>(null);
  const [helpOpen, setHelpOpen] = useState(false);
  // The rows as they were when the bulk action ran, so the outcome list keeps its names after a filter change.
  const [bulk, setBulk] = useState<{ result: BulkResult; drafts: Map<number, DraftView> } | null>(null);
  // New drafts from a run appear by themselves while the reviewer is not in the middle of something (nothing
  // selected, no editor, no hint box, no bulk outcome on screen); otherwise the notice offers a reload.
  const calm = editing === null && regenerating === null && rejecting === null && markingSent === null && bulk === null && Object.keys(rowSelection).length === 0;
  const { refresh } = list;
  useEffect(() => {
    if (!live.outside || list.status !== "ready" || !calm) return;
    const timer = setTimeout(() => void refresh().then(clearOutside), 300);
    return () => clearTimeout(timer);
  }, [live.outside, list.status, calm, refresh, clearOutside]);
  const rowEls = useRef(new Map<number, HTMLTableRowElement>());

  // A new filter is a new list: nothing selected, focused or open in an editor carries over.
  useEffect(() => {
    setRowSelection({});
    setFocusedId(null);
    setEditing(null);
    setRegenerating(null);
    setRejecting(null);
  }, [query]);

  useEffect(() => {
    if (focusedId !== null) rowEls.current.get(focusedId)?.scrollIntoView({ block: "nearest" });
  }, [focusedId]);

  const navigate = useCallback((next: string) => {
    // Native history calls are synced with useSearchParams by the App Router, without a server round trip.
    window.history.pushState(null, "", next ? `?${next}` : window.location.pathname);
  }, []);
  const replace = useCallback((next: string) => {
    window.history.replaceState(null, "", next ? `?${next}` : window.location.pathname);
  }, []);

  const byId = useMemo(() => new Map(list.rows.map((d) => [d.id, d])), [list.rows]);
  // Only ticks on rows still in the tab's states count: a row decided in place since it was ticked drops out.
  const selectedIds = Object.keys(rowSelection).map(Number).filter((id) => { const d = byId.get(id); return d !== undefined && canSelect(d); });
  const selectableCount = list.rows.filter(canSelect).length;

  function startEdit(d: DraftView, text?: string) {
    actions.setNotice(d.id, null);
    setRegenerating(null);
    setFocusedId(d.id);
    setEditing({ id: d.id, text: text ?? d.body });
  }

  const meta: InboxTableMeta = {
    hydrated,
    now: hydrated || !firstPage ? Date.now() : firstPage.renderedAt,
    thresholds,
    minQuality: filters.minQuality,
    forumOrigin,
    busy: actions.busy,
    notices: actions.notices,
    editing,
    regenerating,
    markingSent,
    onApprove: (d) => void actions.approve(d),
    rejecting,
    onOpenReject: (d) => {
      setRegenerating(null);
      if (d) setFocusedId(d.id);
      setRejecting(d ? d.id : null);
    },
    onReject: async (d, reason) => {
      // Closed once it went through; kept open on a refusal, which shows on the row.
      if ((await actions.reject(d, reason)) === "ok") setRejecting((cur) => (cur === d.id ? null : cur));
    },
    onEdit: startEdit,
    onCancelEdit: () => setEditing(null),
    onSave: async (d, body) => {
      // Closed on success and on a conflict (the fresh row is shown instead); kept open on other refusals.
      const outcome = await actions.saveBody(d, body);
      if (outcome !== "error") setEditing((cur) => (cur?.id === d.id ? null : cur));
    },
    onOpenRegenerate: (d) => {
      setRejecting(null);
      setRegenerating(d ? d.id : null);
    },
    onRegenerate: async (d, hint) => {
      if ((await actions.regenerate(d, hint)) === "ok") setRegenerating(null);
    },
    onUndo: (d) => void actions.undo(d),
    onReopen: (d) => void actions.reopen(d),
    onOpenMarkSent: (d) => setMarkingSent(d ? d.id : null),
    onMarkSent: async (d, permalink) => {
      // Closed once the server has answered: a refusal (a hold, the blocklist) shows on the row.
      await actions.markSent(d, permalink);
      setMarkingSent((cur) => (cur === d.id ? null : cur));
    },
    onRetryDrafting: (d) => void actions.retryDrafting(d),
    onDismissNotice: (id) => actions.setNotice(id, null),
  };

  // From the focus as it is now, not as this render saw it: keys pressed faster than React renders (a held `j`)
  // each move one row.
  function move(step: 1 | -1) {
    if (rows.length === 0) return;
    setFocusedId((current) => {
      const at = rows.findIndex((d) => d.id === current);
      return rows[at === -1 ? 0 : Math.min(rows.length - 1, Math.max(0, at + step))]!.id;
    });
  }

  useInboxKeys((key) => {
    // Keys behind a modal (this help) never reach here, so `?` only opens it; the dialog closes itself on `?`.
    if (key === "?") return setHelpOpen(true);
    if (markingSent !== null) return;
    if (key === "/") return document.getElementById("inbox-search")?.focus();
    if (key === "z") return void undo.takeBack();
    if (key === "j" || key === "k") return move(key === "j" ? 1 : -1);
    const d = focusedId !== null ? byId.get(focusedId) : undefined;
    if (!d) return;
    const free = !actions.busy[d.id];
    if (key === "x" && bulkActions.length > 0 && canSelect(d)) setRowSelection((sel) => toggle(sel, String(d.id)));
    else if (key === "a" && free && isReviewable(d) && d.draftingRunId === null) meta.onApprove(d);
    else if (key === "r" && free && isReviewable(d)) meta.onOpenReject(d);
    else if (key === "e" && free && isReviewable(d) && d.draftingRunId === null) startEdit(d);
    else if (key === "s" && free && (d.state === "approved" || d.state === "armed")) setMarkingSent(d.id);
  });

  async function onBulkDone(result: BulkResult) {
    setBulk({ result, drafts: byId });
    setRowSelection({});
    const changed = result.results.filter((r) => r.status === "approved" || r.status === "rejected" || r.status === "rescheduled").map((r) => r.id);
    // An action on every matching draft may have touched thousands: re-read the page rather than each row, and
    // offer Undo only for a batch small enough to put back one draft at a time.
    if (result.byFilter && changed.length > UNDO_LIMIT) {
      // The results panel says what happened to each.
      await list.refresh();
      return;
    }
    const fresh = await fetchDrafts(changed);
    list.replaceRows(fresh);
    if (result.action === "approve") await actions.refreshSiblings(fresh);
    const offer = undoBulk(result, fresh, byId, { restore: actions.restore, replaceRows: list.replaceRows });
    if (offer) undo.offer(offer.message, offer.undo);
  }

  return (
    <>
      <PageHeader
        title="Inbox"
        description="Review, edit and approve the agent's drafts before they are sent."
        actions={
          <Button variant="secondary" size="sm" onClick={() => setHelpOpen(true)} aria-keyshortcuts="?">
            Keyboard shortcuts <kbd className="font-mono text-zinc-500 dark:text-zinc-400">?</kbd>
          </Button>
        }
      />
      <InboxFilterBar
        filters={filters}
        params={params}
        campaigns={campaigns}
        projects={projects}
        platforms={platforms}
        counts={counts}
        navigate={navigate}
        replace={replace}
      />
      {filters.qualityDefault ? (
        <p className="mb-4 text-sm text-zinc-600 dark:text-zinc-400" data-testid="campaign-quality-default">
          Showing drafts scored {filters.minQuality} or more: this campaign&apos;s default, set on its Tuning tab. Set Min quality to 0 to see every draft.
        </p>
      ) : null}
      {live.outside && list.status === "ready" ? (
        <div
          role="status"
          className="mb-4 flex items-center justify-between gap-3 rounded-md border border-indigo-200 bg-indigo-50 px-3 py-2 text-sm text-indigo-900 dark:border-indigo-500/30 dark:bg-indigo-500/10 dark:text-indigo-100"
        >
          <span>Drafts changed since this list was loaded.</span>
          <span className="flex items-center gap-2">
            <Button size="sm" variant="secondary" onClick={list.retry}>
              Reload list
            </Button>
            <Button size="sm" variant="ghost" onClick={clearOutside} aria-label="Dismiss">
              Dismiss
            </Button>
          </span>
        </div>
      ) : null}
      {bulk ? <BulkResults result={bulk.result} drafts={bulk.drafts} onDismiss={() => setBulk(null)} /> : null}

      {list.status === "loading" ? (
        <InboxLoading />
      ) : list.status === "error" ? (
        <InlineError>
          <p>Could not load drafts: {list.error}</p>
          <Button size="sm" variant="secondary" className="mt-2" onClick={list.retry}>
            Retry
          </Button>
        </InlineError>
      ) : rows.length === 0 ? (
        <InboxEmpty filters={filters} onClear={navigate} />
      ) : (
        // The rows arrive with the server's HTML, before the page's scripts: their controls are disabled until they
        // work, so an early click waits rather than being lost (a few hundred milliseconds at most).
        <fieldset disabled={!hydrated} className="min-w-0">
          {bulkActions.length > 0 ? (
            <BulkBar
              actions={bulkActions}
              selectedIds={selectedIds}
              allLoadedSelected={selectedIds.length > 0 && selectedIds.length === selectableCount}
              matching={matching}
              allMatching={allMatching}
              filter={bulkFilter(filters)}
              states={tabStates}
              onSelectAllMatching={() => setAllMatching(true)}
              onDone={onBulkDone}
              onClearSelection={() => setRowSelection({})}
            />
          ) : null}
          <DraftTable
            selectable={bulkActions.length > 0}
            canSelect={canSelect}
            rows={rows}
            meta={meta}
            rowSelection={rowSelection}
            onRowSelectionChange={setRowSelection}
            focusedId={focusedId}
            onFocusRow={setFocusedId}
            registerRow={(id, el) => {
              if (el) rowEls.current.set(id, el);
              else rowEls.current.delete(id);
            }}
          />
          <div className="mt-4 flex flex-col items-center gap-2">
            <p className="text-xs text-zinc-500 dark:text-zinc-400">
              {rows.length} {rows.length === 1 ? "draft" : "drafts"} shown{list.nextCursor ? ", more available" : ""}
            </p>
            {list.nextCursor ? (
              <Button variant="secondary" onClick={list.loadMore} pending={list.loadingMore}>
                Load more
              </Button>
            ) : null}
            <InlineError message={list.moreError} />
          </div>
        </fieldset>
      )}
      <KeyboardHelp open={helpOpen} onClose={() => setHelpOpen(false)} />
      <Toast
        key={undo.notice?.key}
        message={undo.notice?.message ?? null}
        onDismiss={undo.dismiss}
        action={undo.notice?.undo ? { label: "Undo", onClick: () => void undo.takeBack(), pending: undo.pending } : undefined}
      />
    </>
  );
}

// Undo puts drafts back one request each: beyond this many, an action on every matching draft is final.
const UNDO_LIMIT = 200;

function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

function toggle(sel: RowSelectionState, id: string): RowSelectionState {
  const next = { ...sel };
  if (next[id]) delete next[id];
  else next[id] = true;
  return next;
}
