// Turns the platform's inbox items (legacy feed field names, docs/extension-api.md) into what matching and
// recordInboundReply need. Pure: no database, no clock, so the rules are unit-tested on their own.
import { canonicalCommunity, canonicalHandle } from "@/lib/contacts/canonical-handle";
import type { SyncCommentItem, SyncMessageItem } from "@/lib/extension/schemas";

export interface NormalizedItem {
  type: "pm" | "comment";
  /** The id exactly as the extension sent it, echoed in the response. */
  itemId: string;
  /** Platform-qualified, so a message id of one platform can never collide with another's: `forum:pm:2abcd9`. */
  externalId: string;
  author: string;
  body: string;
  createdAt: Date;
  /** Our account, canonical, when the item names it. */
  dest: string | null;
  permalink: string | null;
  /** The platform's conversation (messages) or post (comments) id, kept on the thread. */
  threadExternalId: string | null;
}

export interface NormalizedMessage extends NormalizedItem {
  type: "pm";
}

export interface NormalizedComment extends NormalizedItem {
  type: "comment";
  /** True when the comment answers the post itself (parent `t3_`), false when it answers a comment (`t1_`). */
  repliesToPost: boolean;
  /** The post it is under, without prefix, lower-case: link_id, a post parent, or the post in the context link. */
  postId: string | null;
  community: string | null;
  linkTitle: string | null;
}

/** `t4_2abcd9` → `2abcd9`: the feed's "fullname" prefix says the type, which the array already tells us. */
export function bareId(id: string): string {
  return id.trim().replace(/^t\d_/i, "");
}

export function itemCreatedAt(item: { created_utc?: number; created_at?: string }): Date {
  return item.created_utc !== undefined ? new Date(item.created_utc * 1000) : new Date(item.created_at!);
}

/** An absolute http(s) URL as given, a path resolved against the platform's main origin, anything else dropped. */
export function absolutePermalink(raw: string | null | undefined, platformOrigin: string | null): string | null {
  const value = raw?.trim();
  if (!value) return null;
  try {
    const url = value.startsWith("/") ? (platformOrigin ? new URL(value, platformOrigin) : null) : new URL(value);
    if (!url || (url.protocol !== "https:" && url.protocol !== "http:")) return null;
    const href = url.toString();
    return href.length <= 2000 ? href : null;
  } catch {
    return null;
  }
}

/** The post id in a platform URL: `/r/sub/comments/<post>/<slug>/<comment>` → `<post>`. */
export function postIdOfUrl(url: string | null | undefined): string | null {
  const m = url?.match(/\/comments\/([a-z0-9]+)(?:[/?#]|$)/i);
  return m ? m[1].toLowerCase() : null;
}

export function normalizeMessage(item: SyncMessageItem, platform: string, platformOrigin: string | null): NormalizedMessage {
  const id = bareId(item.id);
  const conversation = item.first_message_name ?? item.parent_id ?? null;
  return {
    type: "pm",
    itemId: item.id,
    externalId: `${platform}:pm:${id}`,
    author: item.author.trim(),
    body: item.body,
    createdAt: itemCreatedAt(item),
    dest: item.dest ? canonicalHandle(item.dest) : null,
    permalink: absolutePermalink(item.permalink, platformOrigin),
    // The conversation's root; a first message has none of its own, so it is its own root.
    threadExternalId: conversation ? bareId(conversation) : id,
  };
}

export function normalizeComment(item: SyncCommentItem, platform: string, platformOrigin: string | null): NormalizedComment {
  const repliesToPost = /^t3_/i.test(item.parent_id.trim());
  const postSource = item.link_id ?? (repliesToPost ? item.parent_id : null);
  // The legacy inbox feed leaves link_id out of comment replies; their `context` link names the post instead.
  const postId = postSource ? bareId(postSource).toLowerCase() : postIdOfUrl(item.context ?? item.permalink);
  return {
    type: "comment",
    itemId: item.id,
    externalId: `${platform}:comment:${bareId(item.id)}`,
    author: item.author.trim(),
    body: item.body,
    createdAt: itemCreatedAt(item),
    dest: item.dest ? canonicalHandle(item.dest) : null,
    permalink: absolutePermalink(item.permalink ?? item.context, platformOrigin),
    threadExternalId: postId,
    repliesToPost,
    postId,
    community: item.subreddit ? canonicalCommunity(item.subreddit) : null,
    linkTitle: item.link_title?.trim() || null,
  };
}
