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

/** The draft's state, how long ago it was written and its id: the Status column, or a line under the target. */
function DraftStatus({ draft: d, className }: { draft: DraftView; className: string }) {
  const words = useDateWords();
  return (
    <div className={className}>
      <StateBadge state={d.state} />
      <RemovalBadge check={d.removalCheck} when={words.dateTime} />
      <p className="draft-meta whitespace-nowrap">
        <time dateTime={d.createdAt} title={words.dateTime(d.createdAt)}>
          {words.ago(d.createdAt)}
        </time>
      </p>
      <p className="draft-meta font-mono">#{d.id}</p>
    </div>
  );
}

const selectColumn = col.display({
  id: "select",
  header: ({ table }) => (
    <input
      type="checkbox"
      className="draft-check"
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
      className="draft-check"
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
        <p className="draft-target" title={d.targetUser}>
          {d.targetUser}
        </p>
        {d.targetCommunity ? (
          <p className="draft-meta truncate" title={d.targetCommunity}>
            in {d.targetCommunity}
          </p>
        ) : null}
        <div className="draft-line gap-1">
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
    <div className="min-w-0 space-y-0.5 draft-meta">
      <p className="draft-campaign" title={d.campaignName ?? undefined}>
        {d.campaignName ?? <span className="draft-meta text-sm">No campaign</span>}
      </p>
      {d.projectName ? <p className="truncate">{d.projectName}</p> : null}
      {d.accountHandle ? (
        <p className="truncate" title={`Sent from ${d.accountHandle}`}>
          from <span className="draft-account">{d.accountHandle}</span>
        </p>
      ) : (
        // A campaign that sends from several accounts chooses one when the draft is sent (docs/sending-limits.md).
        <p className="truncate" title="The campaign's account with the most room is chosen when it is sent">
          from the campaign&apos;s accounts
        </p>
      )}
    </div>
  ),
});

const statusColumn = col.display({
  id: "status",
  header: "Status",
  cell: ({ row: { original: d } }) => <DraftStatus draft={d} className="md:space-y-1" />,
});

// Sorting and filtering happen on the server (the URL's filters), so no column is sortable here.
export const draftColumns = col.columns([selectColumn, targetColumn(false), draftColumn, campaignColumn, statusColumn]);

/**
 * Between md and xl (a laptop, with the sidebar) five columns left the draft text a couple of words per line: the
 * status moves under the target and its column goes, so the draft keeps room to be read.
 */
export const compactDraftColumns = col.columns([selectColumn, targetColumn(true), draftColumn, campaignColumn]);

/** Each column's cell class (app/globals.css): its width from md up, its place in a phone's card below. */
export const columnClasses: Record<string, string> = {
  select: "draft-cell-select",
  target: "draft-cell-target",
  draft: "draft-cell-draft",
  campaign: "draft-cell-campaign",
  status: "draft-cell-status",
};
