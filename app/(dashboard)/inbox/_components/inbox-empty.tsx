"use client";

import { Button, LinkButton, Spinner } from "@/app/_components/button";
import { EmptyState } from "@/app/_components/empty-state";
import { activeTabKey, clearedQuery, hasNarrowingFilters, STATE_TABS, type InboxFilters } from "./filters";

/** No rows: either nothing matches the chosen filters (offer to clear them) or there is simply nothing here. */
export function InboxEmpty({ filters, onClear }: { filters: InboxFilters; onClear: (query: string) => void }) {
  if (hasNarrowingFilters(filters)) {
    return (
      <EmptyState
        title={filters.q ? `No drafts match “${filters.q}” with these filters` : "No drafts match these filters"}
        description={
          filters.q
            ? "Every word must match a word of the draft, its title or the beginning of the target's handle. Try fewer words, or clear the filters."
            : "Try a lower minimum quality, another campaign or project, or clear the filters."
        }
        action={
          <Button variant="secondary" onClick={() => onClear(clearedQuery(filters))}>
            Clear filters
          </Button>
        }
      />
    );
  }
  const tab = activeTabKey(filters);
  if (tab === "review") {
    return (
      <EmptyState
        title="No drafts to review"
        description="You are all caught up. Drafts waiting for review appear here once a campaign has run."
        action={
          <LinkButton href="/campaigns" variant="secondary">
            Go to campaigns
          </LinkButton>
        }
      />
    );
  }
  const label = STATE_TABS.find((t) => t.key === tab)?.label.toLowerCase();
  return <EmptyState title={label && tab !== "all" ? `No ${label} drafts` : "No drafts yet"} />;
}

/** Placeholder rows while the list loads, so the page does not jump when it arrives. */
export function InboxLoading() {
  return (
    <div
      role="status"
      aria-live="polite"
      className="rounded-lg border border-zinc-200 bg-white shadow-xs dark:border-zinc-800 dark:bg-zinc-900"
    >
      <p className="flex items-center gap-2 border-b border-zinc-200 px-4 py-2.5 text-sm text-zinc-500 dark:border-zinc-800 dark:text-zinc-400">
        <Spinner /> Loading drafts…
      </p>
      <div aria-hidden="true" className="divide-y divide-zinc-200 dark:divide-zinc-800">
        {[0, 1, 2].map((i) => (
          <div key={i} className="flex gap-6 px-4 py-4">
            <div className="h-4 w-32 animate-pulse rounded bg-zinc-200 dark:bg-zinc-800" />
            <div className="flex-1 space-y-2">
              <div className="h-3 w-full animate-pulse rounded bg-zinc-200 dark:bg-zinc-800" />
              <div className="h-3 w-2/3 animate-pulse rounded bg-zinc-200 dark:bg-zinc-800" />
            </div>
            <div className="h-4 w-24 animate-pulse rounded bg-zinc-200 dark:bg-zinc-800" />
          </div>
        ))}
      </div>
    </div>
  );
}
