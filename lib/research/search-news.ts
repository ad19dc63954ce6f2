// news_search and `outreach news:search`: recent stories of the news site for a query, to ground a post or a reply in
// what people are discussing. Stories whose title or author the blocklist names are left out.
import { db } from "@/lib/db/client";
import { loadBlocklistRules } from "@/lib/blocklist/load-blocklist-rules";
import { matchBlocklist } from "@/lib/blocklist/match-blocklist";
import { newsDiscussionUrl, searchNewsStories } from "@/lib/platforms/news/news-client";
import { getResearchScope } from "@/lib/research/get-research-scope";
import type { NewsSearchInput } from "@/lib/research/schemas";

const DEFAULT_DAYS = 30;
const DEFAULT_LIMIT = 20;

export async function searchNews({ orgId, runId, projectId, input, now = new Date() }: { orgId: number; runId?: number | null; projectId?: number | null; input: NewsSearchInput; now?: Date }) {
  const scope = await getResearchScope({ orgId, runId, projectId });
  const since = new Date(now.getTime() - (input.days ?? DEFAULT_DAYS) * 86_400_000);
  const [rules, hits] = await Promise.all([
    loadBlocklistRules(db, { orgId, projectId: scope.projectId }),
    searchNewsStories({ query: input.query, since, limit: input.limit ?? DEFAULT_LIMIT }),
  ]);
  let blocked = 0;
  const results = [];
  for (const h of hits) {
    if (matchBlocklist(rules, { targetUser: h.author ?? "", texts: [h.title ?? ""] })) {
      blocked++;
      continue;
    }
    const discussionUrl = newsDiscussionUrl(h.objectID);
    results.push({
      title: h.title ?? "",
      // Text posts (questions, launches) have no outside link; their discussion is the story.
      url: h.url || discussionUrl,
      author: h.author ?? null,
      points: h.points ?? 0,
      comments: h.num_comments ?? 0,
      createdAt: h.created_at ?? (h.created_at_i ? new Date(h.created_at_i * 1000).toISOString() : null),
      discussionUrl,
    });
  }
  return { results, excluded: { blocked } };
}
