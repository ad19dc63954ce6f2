// The platform's legacy inbox JSON feed is a Listing of "things": private messages (kind t4) and replies to our
// comments or posts (kind t1 with was_comment). dm-sync takes them as `items[]` and `comments[]`, with the feed's
// own fields (docs/extension-api.md), so the split below keeps each thing's `data` and drops nothing it needs.

export interface Thing {
  kind: string;
  data: Record<string, unknown>;
}

export interface InboxSplit {
  items: Record<string, unknown>[];
  comments: Record<string, unknown>[];
  /** Things that are neither (mod mail, announcements, deleted authors, malformed entries). */
  skipped: number;
}

/** dm-sync accepts at most this many of each per call. */
export const MAX_PER_KIND = 200;

const DELETED = new Set(["[deleted]", "[removed]", ""]);

function hasText(data: Record<string, unknown>, field: string): boolean {
  return typeof data[field] === "string" && (data[field] as string).length > 0;
}

function isUsable(data: Record<string, unknown>): boolean {
  return hasText(data, "id") && typeof data.author === "string" && !DELETED.has(data.author) && typeof data.body === "string" && typeof data.created_utc === "number";
}

/** A person's private message to us. Messages from subreddits (mod mail) carry `subreddit` and no person. */
export function isPrivateMessage(thing: Thing): boolean {
  return thing.kind === "t4" && isUsable(thing.data) && !hasText(thing.data, "subreddit") && thing.data.distinguished !== "admin";
}

/** A reply to one of our comments or posts, as the inbox lists it. */
export function isCommentReply(thing: Thing): boolean {
  return thing.kind === "t1" && thing.data.was_comment === true && isUsable(thing.data) && hasText(thing.data, "parent_id");
}

/** Splits a Listing (or anything else: a logged-out HTML page parsed as JSON, an error object) into the two arrays. */
export function splitInbox(listing: unknown): InboxSplit {
  const children = childrenOf(listing);
  const split: InboxSplit = { items: [], comments: [], skipped: 0 };
  for (const thing of children) {
    if (isThing(thing) && isPrivateMessage(thing)) split.items.push(pmItem(thing.data));
    else if (isThing(thing) && isCommentReply(thing)) split.comments.push(commentItem(thing.data));
    else split.skipped += 1;
  }
  // The feed is newest first; keep the newest page within the route's limit.
  split.items = split.items.slice(0, MAX_PER_KIND);
  split.comments = split.comments.slice(0, MAX_PER_KIND);
  return split;
}

export function isListing(value: unknown): boolean {
  return !!value && typeof value === "object" && (value as { kind?: unknown }).kind === "Listing";
}

function childrenOf(listing: unknown): unknown[] {
  if (!isListing(listing)) return [];
  const children = (listing as { data?: { children?: unknown } }).data?.children;
  return Array.isArray(children) ? children : [];
}

function isThing(c: unknown): c is Thing {
  return !!c && typeof c === "object" && typeof (c as Thing).kind === "string" && !!(c as Thing).data && typeof (c as Thing).data === "object";
}

const pick = (data: Record<string, unknown>, fields: string[]) => Object.fromEntries(fields.filter((f) => data[f] !== undefined).map((f) => [f, data[f]]));

function pmItem(data: Record<string, unknown>): Record<string, unknown> {
  return pick(data, ["id", "name", "author", "body", "created_utc", "dest", "subject", "first_message_name", "parent_id", "permalink"]);
}

function commentItem(data: Record<string, unknown>): Record<string, unknown> {
  const item = pick(data, ["id", "name", "author", "body", "created_utc", "dest", "parent_id", "link_id", "subreddit", "link_title", "context", "permalink", "type"]);
  // The inbox lists comment replies without `link_id`; the post they are under is in their context path
  // (`/r/<sub>/comments/<post>/<slug>/<comment>/`), and the backend matches replies to our comments by that post.
  const post = typeof data.context === "string" ? data.context.match(/\/comments\/([a-z0-9]+)\//i)?.[1] : undefined;
  if (item.link_id === undefined && post) item.link_id = `t3_${post}`;
  return item;
}
