// The inbox's first page travels twice in the served document: as the rows' HTML and as the props the client hydrates
// from (the inline flight data). Most of a draft's fields are null or false on most drafts, and each one costs its
// name and value in that payload: dropping them takes about a third off the first page's props
// (docs/performance.md "Page weight"). The client puts them back before any code reads a row.
import type { DraftView } from "./draft-view";

/** The fields of a DraftView that may be null, or are false by default: those a compact row may leave out. */
type OmittableKey = {
  [K in keyof DraftView]-?: null extends DraftView[K] ? K : DraftView[K] extends boolean ? K : never;
}[keyof DraftView];

/** A draft with its null and false fields left out. */
export type CompactDraftView = Omit<DraftView, OmittableKey> & Partial<Pick<DraftView, OmittableKey>>;

// Every omittable field with its empty value. Typed as a full record, so a field added to DraftView must be added
// here too or the build fails, rather than arriving undefined in the browser.
const EMPTY: { [K in OmittableKey]: null extends DraftView[K] ? null : false } = {
  projectId: null,
  projectName: null,
  accountId: null,
  targetCommunity: null,
  targetUrl: null,
  title: null,
  campaignId: null,
  campaignName: null,
  runId: null,
  canUndoRegeneration: false,
  bodyEdited: false,
  dedupWarning: null,
  scheduledSendAfter: null,
  heldUntil: null,
  heldReason: null,
  qualityScore: null,
  qualityReason: null,
  qualityModel: null,
  regeneratingRunId: null,
  variantGroupId: null,
  variantLabel: null,
  parentMessageId: null,
  replyIntent: null,
  draftingRunId: null,
  draftingFailure: null,
  isReply: false,
  autoPost: null,
  removalCheck: null,
  followup: null,
  withdrawnReason: null,
  sentAt: null,
  repliedAt: null,
};

export function compactDraftView(draft: DraftView): CompactDraftView {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(draft)) {
    if (key in EMPTY && value === EMPTY[key as OmittableKey]) continue;
    out[key] = value;
  }
  return out as CompactDraftView;
}

export function expandDraftView(compact: CompactDraftView): DraftView {
  return { ...EMPTY, ...compact };
}
