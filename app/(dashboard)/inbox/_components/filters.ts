// The inbox's filters live in the URL so a view can be bookmarked, shared and restored with the back button.
// The names match GET /api/drafts one to one, so the page's query string is also the API's.

// `ids` narrows the list to chosen drafts (links from an insight's evidence); it has no control of its own.
export const FILTER_KEYS = ["state", "kind", "campaign", "project", "platform", "minQuality", "ids", "sort"] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];
export type InboxFilters = Record<FilterKey, string | null>;

/** The default view: drafts a reviewer still has to decide on. */
export const NEEDS_REVIEW = "pending_review,proposed";
/** `state=all` in the page URL means "no state filter" (an absent `state` means the default view). */
export const ALL_STATES = "all";

export const STATE_TABS = [
  { key: "review", label: "Needs review", state: NEEDS_REVIEW },
  // armed = the extension opened the compose page; still an approved draft waiting to go out.
  { key: "approved", label: "Approved", state: "approved,armed" },
  { key: "sent", label: "Sent", state: "sent" },
  { key: "replied", label: "Replied", state: "replied" },
  { key: "rejected", label: "Rejected", state: "rejected" },
  { key: "all", label: "All", state: ALL_STATES },
] as const;

export const KIND_OPTIONS = [
  { value: "", label: "All kinds" },
  { value: "dm", label: "DM" },
  { value: "post", label: "Post" },
  { value: "post_comment", label: "Comment" },
  { value: "reply_dm,reply_comment", label: "Replies" },
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

/** The state list the API should filter on (null: every state). */
export function effectiveState(filters: InboxFilters): string | null {
  if (!filters.state) return NEEDS_REVIEW;
  return filters.state === ALL_STATES ? null : filters.state;
}

/** Which state tab is lit; null when the URL carries a state list that no tab stands for. */
export function activeTabKey(filters: InboxFilters): string | null {
  const state = filters.state ?? NEEDS_REVIEW;
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
  return Boolean(filters.kind || filters.campaign || filters.project || filters.platform || filters.minQuality || filters.ids);
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
