// Story search of the news site's public search API (OUTREACH_NEWS_BASE_URL, read per call).
import { z } from "zod";
import { newsDiscussionBaseUrl, platformBaseUrl } from "@/lib/platforms/config";
import { fetchPlatformJson } from "@/lib/platforms/fetch-platform-json";
import { UpstreamError } from "@/lib/platforms/upstream-error";

const ZHit = z.object({
  objectID: z.string(),
  title: z.string().nullish(),
  url: z.string().nullish(),
  author: z.string().nullish(),
  points: z.number().nullish(),
  num_comments: z.number().nullish(),
  created_at: z.string().nullish(),
  created_at_i: z.number().nullish(),
});

const ZSearch = z.object({ hits: z.array(z.unknown()) });

export type NewsHit = z.infer<typeof ZHit>;

export async function searchNewsStories({ query, since, limit }: { query: string; since: Date; limit: number }): Promise<NewsHit[]> {
  const params = new URLSearchParams({
    query,
    tags: "story",
    numericFilters: `created_at_i>${Math.floor(since.getTime() / 1000)}`,
    hitsPerPage: String(limit),
  });
  const body = await fetchPlatformJson({ platform: "news", url: `${platformBaseUrl("news")}/api/v1/search?${params}` });
  const parsed = ZSearch.safeParse(body);
  if (!parsed.success) throw new UpstreamError("news", "news answered /api/v1/search with an unexpected shape");
  return parsed.data.hits.flatMap((h) => {
    const hit = ZHit.safeParse(h);
    return hit.success ? [hit.data] : [];
  });
}

/** The discussion page of a story on the news site itself. */
export function newsDiscussionUrl(objectId: string): string {
  return `${newsDiscussionBaseUrl()}/item?id=${encodeURIComponent(objectId)}`;
}
