// Read-only client of the forum's public JSON API: community listings and search, a community's about page and
// rules. Addresses come from OUTREACH_FORUM_BASE_URL (read per call).
import type { z } from "zod";
import { platformBaseUrl } from "@/lib/platforms/config";
import { fetchPlatformJson } from "@/lib/platforms/fetch-platform-json";
import { UpstreamError } from "@/lib/platforms/upstream-error";
import { ZAbout, ZListing, ZRules, postsOfListing, type ForumPostData } from "@/lib/platforms/forum/forum-shapes";

export type ForumSort = "new" | "hot" | "top" | "relevance";
export type ForumTimeWindow = "day" | "week" | "month" | "year";

export interface ListForumPostsInput {
  community: string;
  sort: ForumSort;
  timeWindow?: ForumTimeWindow;
  /** With a query the community's search is used; without one, its new/hot/top listing. */
  query?: string;
  limit: number;
}

export async function listForumPosts(input: ListForumPostsInput): Promise<ForumPostData[]> {
  const base = platformBaseUrl("forum");
  const c = encodeURIComponent(input.community);
  // raw_json=1: without it the forum HTML-escapes text fields inside the JSON.
  const params = new URLSearchParams({ limit: String(input.limit), raw_json: "1" });
  let path: string;
  if (input.query) {
    path = `/r/${c}/search.json`;
    params.set("q", input.query);
    params.set("restrict_sr", "1");
    params.set("sort", input.sort);
    params.set("t", input.timeWindow ?? "week");
  } else {
    path = `/r/${c}/${input.sort}.json`;
    if (input.sort === "top") params.set("t", input.timeWindow ?? "week");
  }
  const body = await fetchPlatformJson({ platform: "forum", url: `${base}${path}?${params}` });
  return postsOfListing(parse(ZListing, body, path));
}

export async function getForumCommunity(community: string) {
  const path = `/r/${encodeURIComponent(community)}/about.json`;
  const body = await fetchPlatformJson({ platform: "forum", url: `${platformBaseUrl("forum")}${path}?raw_json=1` });
  return parse(ZAbout, body, path).data;
}

export async function getForumRules(community: string) {
  const path = `/r/${encodeURIComponent(community)}/about/rules.json`;
  const body = await fetchPlatformJson({ platform: "forum", url: `${platformBaseUrl("forum")}${path}?raw_json=1` });
  return parse(ZRules, body, path).rules;
}

/** An absolute address of a forum path (permalinks come back relative). */
export function forumUrl(pathOrUrl: string): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  return `${platformBaseUrl("forum")}${pathOrUrl.startsWith("/") ? "" : "/"}${pathOrUrl}`;
}

function parse<T extends z.ZodType>(schema: T, body: unknown, path: string): z.infer<T> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new UpstreamError("forum", `forum answered ${path} with an unexpected shape`);
  return parsed.data;
}
