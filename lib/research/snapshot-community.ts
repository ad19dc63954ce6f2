// subreddit_snapshot and `outreach forum:snapshot`: what a community is about, its rules (a poster must respect them)
// and its top posts of the week, without blocklisted authors or posts. A blocklisted community is refused outright.
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/http/errors";
import { loadBlocklistRules } from "@/lib/blocklist/load-blocklist-rules";
import { matchBlocklist } from "@/lib/blocklist/match-blocklist";
import { canonicalCommunity } from "@/lib/contacts/canonical-handle";
import { forumUrl, getForumCommunity, getForumRules, listForumPosts } from "@/lib/platforms/forum/forum-client";
import { getResearchScope } from "@/lib/research/get-research-scope";

const TOP_POSTS = 10;
const DESCRIPTION_MAX = 2000;

export async function snapshotCommunity({ orgId, runId, projectId, community }: { orgId: number; runId?: number | null; projectId?: number | null; community: string }) {
  const scope = await getResearchScope({ orgId, runId, projectId });
  const name = canonicalCommunity(community);
  const rules = await loadBlocklistRules(db, { orgId, projectId: scope.projectId });
  const communityHit = matchBlocklist(rules, { targetUser: "", targetCommunity: name, texts: [] });
  if (communityHit) {
    throw new AppError("blocklisted", communityHit.message, { blocklist: { type: communityHit.type, value: communityHit.value, scope: communityHit.scope } });
  }
  const [about, forumRules, top] = await Promise.all([
    getForumCommunity(name),
    getForumRules(name),
    listForumPosts({ community: name, sort: "top", timeWindow: "week", limit: TOP_POSTS * 2 }),
  ]);
  const topPosts = top
    .filter((p) => p.author !== "[deleted]" && !matchBlocklist(rules, { targetUser: p.author, targetCommunity: name, texts: [p.title, p.selftext] }))
    .slice(0, TOP_POSTS)
    .map((p) => ({
      id: p.id,
      author: p.author,
      title: p.title,
      permalink: forumUrl(p.permalink || `/comments/${p.id}`),
      score: p.score,
      comments: p.num_comments,
      createdAt: new Date(p.created_utc * 1000).toISOString(),
    }));
  return {
    community: {
      name: about.display_name,
      title: about.title ?? null,
      description: (about.public_description || about.description || "").slice(0, DESCRIPTION_MAX),
      subscribers: about.subscribers ?? null,
      over18: about.over18 ?? false,
      submissionType: about.submission_type ?? null,
    },
    rules: forumRules
      .slice()
      .sort((a, b) => (a.priority ?? 0) - (b.priority ?? 0))
      .map((r) => ({ title: r.short_name ?? r.violation_reason ?? "", description: r.description ?? "" })),
    topPosts,
  };
}
