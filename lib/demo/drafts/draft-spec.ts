// The shape of one demo draft (outreach or reply), plus what the per-project draft tables share.

export type DraftState = "pending_review" | "proposed" | "approved" | "rejected" | "sent" | "armed" | "replied";
export type DraftKind = "dm" | "post" | "post_comment" | "reply_dm" | "reply_comment";

export const QUALITY_MODEL = "claude-sonnet-4-5";

export interface DraftSpec {
  key: string;
  run: string;
  kind: DraftKind;
  state: DraftState;
  /** Account platformId; defaults to the project's default account on the campaign's platform. */
  account?: string;
  targetUser: string;
  targetCommunity: string | null;
  targetUrl?: string;
  title?: string;
  body: string;
  quality: [number, string] | null;
  /** Hours ago the reviewer acted (approve, reject, edit). */
  reviewH?: number;
  armedH?: number;
  sentH?: number;
  repliedH?: number;
  rejectReason?: string;
  edited?: { previousBody: string; atH: number };
  regenerations?: { hint: string; previousBody: string; atH: number }[];
  /** Key of an earlier draft to the same target, for a dedup warning. */
  dedupOf?: string;
  variant?: { group: string; label: string };
  scheduledInH?: number;
  /** Reply drafts: the thread and the index of the inbound message they answer. */
  replyTo?: { thread: string; message: number };
  /** Reply drafts still waiting for their drafting run. */
  placeholder?: boolean;
}

/** A forum post's address, the shape the extension's reply matching reads the post id from. */
export const post = (community: string, id: string, slug: string) => `https://www.forum.example/r/${community}/comments/${id}/${slug}/`;
