// What a signed-out visitor's view of a post or comment means (docs/removal-checks.md "What each status means").
// Pure: the platform reads (read-visibility.ts) hand their answers here, and the unit tests pin each rule.
import type { DraftVisibility } from "@/lib/generated/prisma/enums";

/**
 * The forum keeps a removed or deleted thing in place with its text blanked: a comment's body reads "[removed]" when a
 * moderator (or the spam filter) took it down and "[deleted]" when its author did; a post also says who in
 * `removed_by_category` ("deleted" or "author" for its author; "moderator", "automod_filtered", "reddit",
 * "anti_evil_ops", "copyright_takedown" … for everyone else).
 */
export function classifyForumThing(kind: string, data: Record<string, unknown>): DraftVisibility {
  const text = (v: unknown) => (typeof v === "string" ? v.trim() : "");
  if (kind === "t1") {
    const body = text(data.body);
    if (body === "[removed]") return "removed";
    if (body === "[deleted]" && text(data.author) === "[deleted]") return "deleted";
    return "visible";
  }
  const category = text(data.removed_by_category);
  if (category === "deleted" || category === "author") return "deleted";
  if (category) return "removed";
  const selftext = text(data.selftext);
  if (selftext === "[removed]") return "removed";
  if (selftext === "[deleted]" && text(data.author) === "[deleted]") return "deleted";
  return "visible";
}

/**
 * A federated instance (Mastodon's API) answers a status to a visitor without a token when it is public or unlisted;
 * private and direct ones are not theirs to see. A deleted status is 404 whether its author or a moderator deleted it
 * (the instance does not say which), so 404 is "not visible"; 410 Gone means the instance took the account down.
 */
export function classifyFederatedAnswer(answer: { status: number; visibility?: string | null }): DraftVisibility | null {
  if (answer.status === 200) return answer.visibility === "public" || answer.visibility === "unlisted" ? "visible" : "not_visible";
  if (answer.status === 410) return "removed";
  if (answer.status === 404 || answer.status === 403) return "not_visible";
  // 401 (an instance that answers no signed-out visitor), 429, 5xx: no verdict, the check is tried again.
  return null;
}

/** The forum answers 403 for a private or banned community and 404 for one that is gone. */
export function classifyForumFailure(status: number | null): DraftVisibility | null {
  return status === 403 || status === 404 ? "not_visible" : null;
}
