import type { DraftView } from "@/lib/drafts/draft-view";
import type { QualityThresholds } from "./draft-badges";
import type { RowAction, RowNotice } from "./use-draft-actions";

/** What the table's cells need from the page: per-row status and the review actions. Passed as table meta. */
export interface InboxTableMeta {
  /** False in the server's HTML and the hydrating render: cells leave out what only the browser knows. */
  hydrated: boolean;
  /** The time cells compare with (scheduled, held): the server's clock at render until hydrated, then the browser's. */
  now: number;
  thresholds: QualityThresholds;
  /** The Min quality filter in force (the URL's minQuality), named in the Q badge's explanation. */
  minQuality: string | null;
  /** The forum's origin for "Open on platform"; null when none is configured. */
  forumOrigin: string | null;
  busy: Record<number, RowAction>;
  notices: Record<number, RowNotice>;
  /** The row whose body is open in the editor, with the text to start from. */
  editing: { id: number; text: string } | null;
  regenerating: number | null;
  onApprove: (draft: DraftView) => void;
  /** The row whose reject form (an optional reason) is open. */
  rejecting: number | null;
  onOpenReject: (draft: DraftView | null) => void;
  onReject: (draft: DraftView, reason?: string) => void;
  onEdit: (draft: DraftView, text?: string) => void;
  onCancelEdit: () => void;
  onSave: (draft: DraftView, body: string) => void;
  onOpenRegenerate: (draft: DraftView | null) => void;
  onRegenerate: (draft: DraftView, hint: string) => void;
  onUndo: (draft: DraftView) => void;
  onRetryDrafting: (draft: DraftView) => void;
  /** Back to review from the Approved or Rejected tab. */
  onReopen: (draft: DraftView) => void;
  /** The row whose Mark as sent form is open. */
  markingSent: number | null;
  onOpenMarkSent: (draft: DraftView | null) => void;
  /** Records a message the reviewer sent by hand, with the link to the sent post or comment when given. */
  onMarkSent: (draft: DraftView, permalink?: string) => Promise<void>;
  onDismissNotice: (id: number) => void;
}

export function isReviewable(draft: DraftView): boolean {
  return draft.state === "pending_review" || draft.state === "proposed";
}
