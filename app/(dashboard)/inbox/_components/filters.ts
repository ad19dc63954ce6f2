// The inbox's filters live in the URL so a view can be bookmarked, shared and restored with the back button.
// The names match GET /api/drafts one to one, so the page's query string is also the API's.

// `ids` narrows the list to chosen drafts (links from an insight's evidence); it has no control of its own.
// `q` is the search box: words of the body or title, or the beginning of the target's handle.
export const FILTER_KEYS = ["state", "kind", "campaign", "project", "platform", "minQuality", "q", "ids", "sort"] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];
export type InboxFilters = Record<FilterKey, string | null>;

/**
 * A campaign's inbox quality default (set on its Tuning tab, docs/tuning.md "The judge"): applied when the inbox is
 * filtered to that one campaign and the address names no minQuality. `minQuality=0` in the address shows everything.
 */
export function withCampaignQualityDefault(filters: InboxFilters, defaults: Record<number, number>): InboxFilters & { qualityDefault: boolean } {
  const campaign = filters.campaign && /^\d+$/.test(filters.campaign) ? Number(filters.campaign) : null;
  const fallback = campaign !== null ? defaults[campaign] : undefined;
  if (filters.minQuality || fallback === undefined) return { ...filters, qualityDefault: false };
  return { ...filters, minQuality: String(fallback), qualityDefault: true };
}

/** The default view: drafts a reviewer still has to decide on. */
export const NEEDS_REVIEW = "pending_review,proposed";
/** `state=all` in the page URL means "no state filter" (an absent `state` means the default view). */
export const ALL_STATES = "all";

/** What the bulk bar offers: only actions the state table allows on the tab's drafts (lib/drafts/transitions.ts). */
export type BulkActionKind = "approve" | "reject" | "reschedule";

// Each tab's key is also its field in GET /api/drafts/counts.
export const STATE_TABS = [
  { key: "review", label: "Needs review", state: NEEDS_REVIEW, bulk: ["approve", "reject", "reschedule"] },
  // armed = the extension opened the compose page; still an approved draft waiting to go out.
  { key: "approved", label: "Approved", state: "approved,armed", bulk: ["reject", "reschedule"] },
  { key: "sent", label: "Sent", state: "sent", bulk: [] },
  { key: "replied", label: "Replied", state: "replied", bulk: [] },
  { key: "rejected", label: "Rejected", state: "rejected", bulk: [] },
  { key: "all", label: "All", state: ALL_STATES, bulk: ["approve", "reject", "reschedule"] },
] as const satisfies readonly { key: string; label: string; state: string; bulk: readonly BulkActionKind[] }[];

export type TabKey = (typeof STATE_TABS)[number]["key"];

/** The bulk actions of the current view; a state list no tab stands for (a hand-made URL) gets them all. */
export function bulkActionsFor(filters: InboxFilters): readonly BulkActionKind[] {
  const tab = STATE_TABS.find((t) => t.key === activeTabKey(filters));
  return tab ? tab.bulk : ["approve", "reject", "reschedule"];
}

export const KIND_OPTIONS = [
  { value: "", label: "All kinds" },
  { value: "dm", label: "DM" },
  { value: "post", label: "Post" },
  { value: "post_comment", label: "Comment" },
  { value: "reply_dm,reply_comment", label: "Replies" },
  { value: "followup_dm,followup_comment", label: "Follow-ups" },
];

export const SORT_OPTIONS = [
  { value: "newest", label: "Newest first" },
  { value: "oldest", label: "Oldest first" },
  { value: "quality_desc", label: "Highest quality" },
  { value: "quality_asc", label: "Lowest quality" },
];

export function readFilters(params: URLSearchParams): InboxFilters {
  const out = {} as InboxFilters;
  for (const key of FILTER_KEYS) out[key] = params.get(key) || null;
  return out;
}

/**
 * The page's address names a tab by its key (`state=approved`), never by the state list behind it
 * (`approved,armed`), which is the API's business; a state list typed by hand still works.
 */
function stateList(state: string): string {
  return STATE_TABS.find((t) => t.key === state)?.state ?? state;
}

/** The state list the API should filter on (null: every state). */
export function effectiveState(filters: InboxFilters): string | null {
  if (!filters.state) return NEEDS_REVIEW;
  const list = stateList(filters.state);
  return list === ALL_STATES ? null : list;
}

/** Which state tab is lit; null when the URL carries a state list that no tab stands for. */
export function activeTabKey(filters: InboxFilters): string | null {
  const state = filters.state ? stateList(filters.state) : NEEDS_REVIEW;
  return STATE_TABS.find((t) => t.state === state)?.key ?? null;
}

/** The GET /api/drafts query for these filters (and the next page's cursor). */
export function apiQuery(filters: InboxFilters, cursor?: string | null): string {
  const q = new URLSearchParams();
  const state = effectiveState(filters);
  if (state) q.set("state", state);
  for (const key of FILTER_KEYS) {
    if (key === "state") continue;
    const value = filters[key];
    if (value) q.set(key, value);
  }
  if (cursor) q.set("cursor", cursor);
  return q.toString();
}

/** The page's query string with one filter changed (empty value removes it). */
export function withFilter(params: URLSearchParams, key: FilterKey, value: string | null): string {
  const next = new URLSearchParams(params);
  if (value) next.set(key, value);
  else next.delete(key);
  return next.toString();
}

/** Filters beyond the state tab and the sort order: when set, an empty list means "nothing matches". */
export function hasNarrowingFilters(filters: InboxFilters): boolean {
  return Boolean(filters.kind || filters.campaign || filters.project || filters.platform || filters.minQuality || filters.q || filters.ids);
}

/** Clear filters keeps the state tab and sort the reviewer chose and drops everything that narrows the list. */
export function clearedQuery(filters: InboxFilters): string {
  const next = new URLSearchParams();
  if (filters.state) next.set("state", filters.state);
  if (filters.sort) next.set("sort", filters.sort);
  return next.toString();
}

/** The CSV export of what the inbox shows: its filters, without paging or order (the file is in id order). */
export function exportQuery(filters: InboxFilters): URLSearchParams {
  const q = new URLSearchParams(apiQuery(filters));
  q.delete("sort");
  q.delete("cursor");
  return q;
}

/** GET /api/drafts/counts's query: the list's filters without the state (every tab is counted) and paging. */
export function countsQuery(filters: InboxFilters): string {
  const q = new URLSearchParams(apiQuery(filters));
  for (const key of ["state", "sort", "cursor"]) q.delete(key);
  return q.toString();
}

/** The bulk routes' `filter`: what the list shows, as GET /api/drafts's fields ("Select all N matching"). */
export function bulkFilter(filters: InboxFilters): Record<string, string> {
  const q = new URLSearchParams(apiQuery(filters));
  q.delete("sort");
  q.delete("cursor");
  return Object.fromEntries(q);
}

/**
 * The states a row must still be in to be ticked for a bulk action (null: any). A row acted on in place (approved
 * in the Needs review tab) stays on screen until the list reloads, but is no longer what the tab holds: neither the
 * header checkbox nor the bulk call may sweep it up (the bulk routes re-check it with these states).
 */
export function selectableStates(filters: InboxFilters): string[] | null {
  const state = effectiveState(filters);
  return state ? state.split(",") : null;
}
