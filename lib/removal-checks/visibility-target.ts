// Where a sent post or comment can be looked up on its platform's public API, from what the draft kept of the send:
// the platform's id (auto-post keeps the status id) or the permalink (the extension, or a person, gives it).
// Pure, so the inbox can say whether a draft is checkable without a lookup.
export type VisibilityTarget =
  /** The forum's fullname: t1_<comment> or t3_<post>. */
  | { platform: "forum"; fullname: string }
  /** A status on the account's federated instance, by its id there (or the URL to read the id from). */
  | { platform: "federated"; statusId: string | null; statusUrl: string | null };

export interface PublishedDraft {
  platform: string;
  publishedUrl: string | null;
  publishedId: string | null;
}

export function visibilityTargetOf(d: PublishedDraft): VisibilityTarget | null {
  if (d.platform === "forum") {
    const fullname = forumFullname(d.publishedId) ?? forumFullnameOfUrl(d.publishedUrl);
    return fullname ? { platform: "forum", fullname } : null;
  }
  if (d.platform === "federated") {
    const statusId = d.publishedId && /^\d{1,30}$/.test(d.publishedId) ? d.publishedId : null;
    const statusUrl = d.publishedUrl && federatedStatusIdOfUrl(d.publishedUrl) ? d.publishedUrl : null;
    return statusId || statusUrl ? { platform: "federated", statusId, statusUrl } : null;
  }
  return null;
}

function forumFullname(id: string | null): string | null {
  return id && /^t[13]_[a-z0-9]{1,20}$/i.test(id) ? id.toLowerCase() : null;
}

/**
 * `/r/<community>/comments/<post>/<slug>/<comment>/` is the comment; without the last segment, the post. Relative
 * permalinks (as the forum gives them) and absolute ones on any host (old., www., a mirror) are read the same way.
 */
export function forumFullnameOfUrl(url: string | null): string | null {
  if (!url) return null;
  let path: string;
  try {
    path = new URL(url, "https://forum.invalid").pathname;
  } catch {
    return null;
  }
  const m = /^\/r\/[^/]+\/comments\/([a-z0-9]{1,20})(?:\/[^/]*(?:\/([a-z0-9]{1,20}))?)?\/?$/i.exec(path);
  if (!m) return null;
  return m[2] ? `t1_${m[2].toLowerCase()}` : `t3_${m[1]!.toLowerCase()}`;
}

/** `https://host/@user/123` or `https://host/users/user/statuses/123`: the id on that host. */
export function federatedStatusIdOfUrl(url: string): string | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return null;
  }
  if (u.protocol !== "https:" && u.protocol !== "http:") return null;
  return /^\/(?:@[^/]+|users\/[^/]+\/statuses)\/(\d{1,30})\/?$/.exec(u.pathname)?.[1] ?? null;
}
