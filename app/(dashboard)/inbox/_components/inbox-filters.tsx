"use client";

import { useState, type MouseEvent } from "react";
import { Button } from "@/app/_components/button";
import { cx } from "@/app/_components/cx";
import { Input } from "@/app/_components/input";
import { controlClasses } from "@/app/_components/field";
import { Select } from "@/app/_components/select";
import { ExportLink } from "@/app/_components/export-link";
import type { DraftCounts } from "@/lib/drafts/count-drafts";
import {
  activeTabKey, clearedQuery, exportQuery, hasNarrowingFilters, KIND_OPTIONS, NEEDS_REVIEW, SORT_OPTIONS, STATE_TABS, withFilter,
  type FilterKey, type InboxFilters,
} from "./filters";
import { useUrlText } from "./use-url-text";

export type CampaignOption = { id: number; name: string; projectId: number };
export type ProjectOption = { id: number; name: string };

type InboxFiltersProps = {
  filters: InboxFilters;
  params: URLSearchParams;
  campaigns: CampaignOption[];
  projects: ProjectOption[];
  platforms: readonly string[];
  /** Each tab's number under the current filters; null while it loads. */
  counts: DraftCounts | null;
  /** Moves to a new page query string (history push, so Back restores the previous view). */
  navigate: (query: string) => void;
  /** Like navigate, but replaces the history entry: each keystroke of a search is not a step Back must retrace. */
  replace: (query: string) => void;
};

// Typing "7" then "5" should ask the server once for 75, not for 7 and then 75.
const MIN_QUALITY_DEBOUNCE_MS = 400;
// Search follows typing: short enough to feel instant, long enough that a word is one request, not five.
const SEARCH_DEBOUNCE_MS = 200;

export function InboxFilterBar({ filters, params, campaigns, projects, platforms, counts, navigate, replace }: InboxFiltersProps) {
  const set = (key: FilterKey, value: string | null) => navigate(withFilter(params, key, value));
  const visibleCampaigns = filters.project ? campaigns.filter((c) => String(c.projectId) === filters.project) : campaigns;
  // On a phone the filter controls fold away behind one button, so the drafts start near the top of the screen.
  const [showFilters, setShowFilters] = useState(false);

  return (
    <div className="mb-4 space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-2">
        <StateTabs filters={filters} params={params} navigate={navigate} counts={counts} />
        <div className="flex items-center gap-2">
          <Button
            variant="secondary"
            size="sm"
            className="md:hidden"
            aria-expanded={showFilters}
            aria-controls="inbox-filter-controls"
            onClick={() => setShowFilters((v) => !v)}
          >
            {showFilters ? "Hide filters" : "Filters"}
          </Button>
          {hasNarrowingFilters(filters) ? (
            <Button variant="ghost" size="sm" onClick={() => navigate(clearedQuery(filters))}>
              Clear filters
            </Button>
          ) : null}
          <ExportLink resource="drafts" query={exportQuery(filters)} />
        </div>
      </div>
      <SearchBox value={filters.q} onCommit={(v) => replace(withFilter(params, "q", v))} />
      {filters.ids && <ChosenDraftsNotice ids={filters.ids} onShowAll={() => set("ids", null)} />}
      {/* Each control keeps room for its longest default label ("All campaigns", 9.5rem with the arrow) and the
          row wraps when the page is narrow, instead of squeezing the labels into ellipses. */}
      <div id="inbox-filter-controls" className={cx("grid grid-cols-[repeat(auto-fill,minmax(9.5rem,1fr))] items-end gap-3", !showFilters && "max-md:hidden")}>
        <Select
          id="filter-project"
          label="Project"
          value={filters.project ?? ""}
          onChange={(e) => {
            // A campaign of another project would leave the list empty for no visible reason.
            const next = new URLSearchParams(withFilter(params, "project", e.target.value || null));
            next.delete("campaign");
            navigate(next.toString());
          }}
          options={[{ value: "", label: "All projects" }, ...projects.map((p) => ({ value: String(p.id), label: p.name }))]}
        />
        <Select
          id="filter-campaign"
          label="Campaign"
          value={filters.campaign ?? ""}
          onChange={(e) => set("campaign", e.target.value || null)}
          options={[
            { value: "", label: "All campaigns" },
            ...visibleCampaigns.map((c) => ({ value: String(c.id), label: c.name })),
            // Keep a campaign from the URL selectable even when it is not in the list (deleted, other project).
            ...(filters.campaign && !visibleCampaigns.some((c) => String(c.id) === filters.campaign)
              ? [{ value: filters.campaign, label: `Campaign #${filters.campaign}` }]
              : []),
          ]}
        />
        <Select
          id="filter-platform"
          label="Platform"
          value={filters.platform ?? ""}
          onChange={(e) => set("platform", e.target.value || null)}
          options={[{ value: "", label: "All platforms" }, ...platforms.map((p) => ({ value: p, label: capitalize(p) }))]}
        />
        <Select
          id="filter-kind"
          label="Kind"
          value={filters.kind ?? ""}
          onChange={(e) => set("kind", e.target.value || null)}
          options={withCurrent(KIND_OPTIONS, filters.kind)}
        />
        <MinQualityInput value={filters.minQuality} onCommit={(v) => set("minQuality", v)} />
        <Select
          id="filter-sort"
          label="Sort"
          value={filters.sort ?? "newest"}
          onChange={(e) => set("sort", e.target.value === "newest" ? null : e.target.value)}
          options={SORT_OPTIONS}
        />
      </div>
    </div>
  );
}

function StateTabs({ filters, params, navigate, counts }: Pick<InboxFiltersProps, "filters" | "params" | "navigate" | "counts">) {
  const active = activeTabKey(filters);
  return (
    <nav aria-label="Draft state" className="grow border-b border-zinc-200 dark:border-zinc-800">
      <ul className="-mb-px flex flex-wrap gap-1">
        {STATE_TABS.map((tab) => {
          const query = withFilter(params, "state", tab.state === NEEDS_REVIEW ? null : tab.key);
          const selected = tab.key === active;
          const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
            if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
            e.preventDefault();
            navigate(query);
          };
          return (
            <li key={tab.key}>
              <a
                href={query ? `?${query}` : "?"}
                onClick={onClick}
                aria-current={selected ? "page" : undefined}
                className="tab-link gap-0"
              >
                {tab.label}
                {counts ? (
                  <span
                    data-testid={`tab-count-${tab.key}`}
                    className={cx(
                      "ml-1.5 rounded-full px-1.5 text-xs tabular-nums",
                      selected
                        ? "bg-indigo-100 text-indigo-700 dark:bg-indigo-500/20 dark:text-indigo-300"
                        : "bg-zinc-100 text-zinc-600 dark:bg-zinc-800 dark:text-zinc-400",
                    )}
                  >
                    <span className="sr-only">: </span>
                    {COUNT.format(counts[tab.key])}
                    {/* Past the bound a searched count is a floor: "1,000+" (lib/drafts/count-drafts.ts). */}
                    {counts.atLeast?.includes(tab.key) ? "+" : null}
                  </span>
                ) : null}
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

const COUNT = new Intl.NumberFormat("en");

/**
 * Full-text search over the drafts' bodies, titles and targets (GET /api/drafts `q`): results follow typing, and the
 * words stay in the URL so a search can be shared or reloaded.
 */
function SearchBox({ value, onCommit }: { value: string | null; onCommit: (v: string | null) => void }) {
  const [text, setText] = useUrlText(value, onCommit, { delayMs: SEARCH_DEBOUNCE_MS, normalize: (t) => t.trim() || null });
  return (
    <div className="max-w-xl">
      <label htmlFor="inbox-search" className="sr-only">
        Search drafts
      </label>
      <input
        id="inbox-search"
        type="search"
        value={text}
        maxLength={200}
        placeholder="Search drafts: words of the message, or a handle"
        autoComplete="off"
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === "Escape" && text) {
            e.stopPropagation();
            setText("");
          }
        }}
        className={cx(controlClasses, "h-9")}
      />
    </div>
  );
}

/** The list is narrowed to drafts picked elsewhere (an insight's evidence), which no control shows: say so. */
function ChosenDraftsNotice({ ids, onShowAll }: { ids: string; onShowAll: () => void }) {
  const list = ids.split(",").filter(Boolean);
  return (
    <div
      role="status"
      data-testid="chosen-drafts"
      className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-indigo-200 bg-indigo-50 px-3 py-2 text-sm text-indigo-900 dark:border-indigo-900 dark:bg-indigo-950/40 dark:text-indigo-200"
    >
      <span>
        {list.length === 1 ? `Showing only draft #${list[0]}` : `Showing only ${list.length} chosen drafts (${list.map((id) => `#${id}`).join(", ")})`}
      </span>
      <Button variant="ghost" onClick={onShowAll}>
        Show all drafts
      </Button>
    </div>
  );
}

function MinQualityInput({ value, onCommit }: { value: string | null; onCommit: (v: string | null) => void }) {
  const [text, setText] = useUrlText(value, onCommit, {
    delayMs: MIN_QUALITY_DEBOUNCE_MS,
    normalize: normalizeScore,
    // A half-typed or out-of-range number waits for the person instead of clearing the filter.
    isValid: (t) => t === "" || normalizeScore(t) !== null,
  });

  const invalid = text !== "" && normalizeScore(text) === null;
  return (
    <Input
      id="filter-min-quality"
      label="Min quality"
      type="number"
      inputMode="numeric"
      min={0}
      max={100}
      step={1}
      placeholder="Any"
      value={text}
      error={invalid ? "0 to 100" : null}
      onChange={(e) => setText(e.target.value)}
    />
  );
}

function normalizeScore(text: string): string | null {
  if (!/^\d{1,3}$/.test(text.trim())) return null;
  const n = Number(text);
  return n >= 0 && n <= 100 ? String(n) : null;
}

function withCurrent(options: { value: string; label: string }[], current: string | null) {
  if (!current || options.some((o) => o.value === current)) return options;
  return [...options, { value: current, label: current.replace(/_/g, " ") }];
}

function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
