"use client";

import { createColumnHelper, rowSelectionFeature, tableFeatures } from "@tanstack/react-table";
import { Badge } from "@/app/_components/badge";
import type { DraftView } from "@/lib/drafts/draft-view";
import { FollowupBadge, KindBadge, StateBadge, WithdrawnBadge } from "./draft-badges";
import { IntentBadge } from "@/app/_components/intent-badge";
import { useDateWords } from "./date-words";
import { DraftCell } from "./draft-cell";
import { RemovalBadge } from "@/app/_components/removal/removal-badge";
import type { InboxTableMeta } from "./inbox-meta";

export const inboxFeatures = tableFeatures({ rowSelectionFeature, tableMeta: {} as InboxTableMeta });

const col = createColumnHelper<typeof inboxFeatures, DraftView>();

const checkboxClasses =
  "size-4 max-md:size-6 rounded border-zinc-300 accent-indigo-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 dark:border-zinc-600";

/** The draft's state, how long ago it was written and its id: the Status column, or a line under the target. */
function DraftStatus({ draft: d, className }: { draft: DraftView; className: string }) {
  const words = useDateWords();
  return (
    <div className={className}>
      <StateBadge state={d.state} />
      <RemovalBadge check={d.removalCheck} when={words.dateTime} />
      <p className="text-xs whitespace-nowrap text-zinc-500 dark:text-zinc-400">
        <time dateTime={d.createdAt} title={words.dateTime(d.createdAt)}>
          {words.ago(d.createdAt)}
        </time>
      </p>
      <p className="font-mono text-xs text-zinc-500 dark:text-zinc-400">#{d.id}</p>
    </div>
  );
}

const selectColumn = col.display({
  id: "select",
  header: ({ table }) => (
    <input
      type="checkbox"
      className={checkboxClasses}
      aria-label="Select all loaded drafts"
      checked={table.getIsAllRowsSelected()}
      ref={(el) => {
        if (el) el.indeterminate = table.getIsSomeRowsSelected() && !table.getIsAllRowsSelected();
      }}
      onChange={table.getToggleAllRowsSelectedHandler()}
    />
  ),
  cell: ({ row }) => (
    <input
      type="checkbox"
      className={checkboxClasses}
      aria-label={`Select draft ${row.original.id}`}
      checked={row.getIsSelected()}
      disabled={!row.getCanSelect()}
      title={row.getCanSelect() ? undefined : "Already decided: it leaves this tab when the list reloads"}
      onChange={row.getToggleSelectedHandler()}
    />
  ),
});

const targetColumn = (withStatus: boolean) =>
  col.display({
    id: "target",
    header: "Target",
    cell: ({ row: { original: d } }) => (
      <div className="min-w-0 space-y-1">
        <p className="truncate font-medium text-zinc-900 dark:text-zinc-100" title={d.targetUser}>
          {d.targetUser}
        </p>
        {d.targetCommunity ? (
          <p className="truncate text-xs text-zinc-500 dark:text-zinc-400" title={d.targetCommunity}>
            in {d.targetCommunity}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-1">
          <KindBadge draft={d} />
          <FollowupBadge draft={d} />
          <WithdrawnBadge draft={d} />
          {d.replyIntent ? <IntentBadge {...d.replyIntent} /> : null}
          {d.variantLabel ? (
            <Badge tone="primary" title={`Variant ${d.variantLabel} of an A/B group`}>
              Variant {d.variantLabel}
            </Badge>
          ) : null}
        </div>
        {withStatus ? <DraftStatus draft={d} className="flex flex-wrap items-center gap-x-2 gap-y-1 pt-1" /> : null}
      </div>
    ),
  });

const draftColumn = col.display({
  id: "draft",
  header: "Draft",
  cell: ({ row, table }) => <DraftCell draft={row.original} meta={table.options.meta!} />,
});

const campaignColumn = col.display({
  id: "campaign",
  header: "Campaign",
  cell: ({ row: { original: d } }) => (
    <div className="min-w-0 space-y-0.5 text-xs">
      <p className="truncate text-sm text-zinc-800 dark:text-zinc-200" title={d.campaignName ?? undefined}>
        {d.campaignName ?? <span className="text-zinc-500 dark:text-zinc-400">No campaign</span>}
      </p>
      {d.projectName ? <p className="truncate text-zinc-500 dark:text-zinc-400">{d.projectName}</p> : null}
      {d.accountHandle ? (
        <p className="truncate text-zinc-500 dark:text-zinc-400" title={`Sent from ${d.accountHandle}`}>
          from <span className="font-medium text-zinc-700 dark:text-zinc-300">{d.accountHandle}</span>
        </p>
      ) : (
        // A campaign that sends from several accounts chooses one when the draft is sent (docs/sending-limits.md).
        <p className="truncate text-zinc-500 dark:text-zinc-400" title="The campaign's account with the most room is chosen when it is sent">
          from the campaign&apos;s accounts
        </p>
      )}
    </div>
  ),
});

const statusColumn = col.display({
  id: "status",
  header: "Status",
  cell: ({ row: { original: d } }) => <DraftStatus draft={d} className="space-y-1" />,
});

// Sorting and filtering happen on the server (the URL's filters), so no column is sortable here.
export const draftColumns = col.columns([selectColumn, targetColumn(false), draftColumn, campaignColumn, statusColumn]);

/**
 * Between md and xl (a laptop, with the sidebar) five columns left the draft text a couple of words per line: the
 * status moves under the target and its column goes, so the draft keeps room to be read.
 */
export const compactDraftColumns = col.columns([selectColumn, targetColumn(true), draftColumn, campaignColumn]);

/** Column widths: the draft text gets whatever the fixed columns leave. */
export const columnClasses: Record<string, string> = {
  select: "w-10 pr-0",
  target: "w-44",
  draft: "",
  campaign: "w-40",
  status: "w-36",
};

/** Where each cell sits in a row's card on a phone: the checkbox beside the target, then the draft, campaign, status. */
export const mobileCellClasses: Record<string, string> = {
  select: "max-md:pt-0.5 max-md:pl-0",
  target: "",
  draft: "max-md:col-span-2",
  campaign: "max-md:col-span-2",
  status: "max-md:col-span-2 max-md:[&>div]:flex max-md:[&>div]:items-center max-md:[&>div]:gap-2 max-md:[&>div]:space-y-0",
};
