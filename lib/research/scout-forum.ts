// forum_scout and `outreach forum:scout`: recent posts of forum communities, minus everyone the playbook must not
// reach (blocklisted authors, communities and keywords; deleted authors; moderators and their bots), with the
// recently contacted marked. Every returned author is staged on the run.
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/http/errors";
import { loadBlocklistRules } from "@/lib/blocklist/load-blocklist-rules";
import { matchBlocklist } from "@/lib/blocklist/match-blocklist";
import { canonicalCommunity, canonicalHandle } from "@/lib/contacts/canonical-handle";
import { forumUrl, listForumPosts } from "@/lib/platforms/forum/forum-client";
import type { ForumPostData } from "@/lib/platforms/forum/forum-shapes";
import { excerpt } from "@/lib/platforms/excerpt";
import { getResearchScope, profileList } from "@/lib/research/get-research-scope";
import { findRecentlyContacted } from "@/lib/research/find-recently-contacted";
import { stageCandidates } from "@/lib/research/stage-candidates";
import { ZCommunityName, type ForumScoutInput } from "@/lib/research/schemas";

const DEFAULT_LIMIT = 25;

/** Authors the forum shows for deleted accounts. */
const DELETED_AUTHORS = new Set(["[deleted]", "[removed]", ""]);
/** The forum's built-in moderation bot; it posts rule reminders, never a person to talk to. */
const MODERATION_BOTS = new Set(["automoderator"]);

export async function scoutForum({ orgId, runId, projectId, input }: { orgId: number; runId?: number | null; projectId?: number | null; input: ForumScoutInput }) {
  const scope = await getResearchScope({ orgId, runId, projectId });
  const communities = input.communities ?? defaultCommunities(scope.campaign);
  if (communities.length === 0) {
    throw new AppError("bad_request", "No communities given and the campaign profile lists none: pass communities");
  }
  if (input.sort === "relevance" && !input.query) throw new AppError("bad_request", "sort relevance needs a query");
  const sort = input.sort ?? (input.query ? "relevance" : "new");
  const limit = input.limit ?? DEFAULT_LIMIT;
  const rules = await loadBlocklistRules(db, { orgId, projectId: scope.projectId });

  const excluded = { blocked: 0, deleted: 0, moderator: 0 };
  const skippedCommunities: { community: string; reason: string }[] = [];
  const seen = new Set<string>();
  const kept: ForumPostData[] = [];
  // One community after another: the forum throttles bursts from one client.
  for (const community of [...new Set(communities.map(canonicalCommunity))]) {
    const communityHit = matchBlocklist(rules, { targetUser: "", targetCommunity: community, texts: [] });
    if (communityHit) {
      skippedCommunities.push({ community, reason: communityHit.message });
      continue;
    }
    const posts = await listForumPosts({ community, sort, timeWindow: input.timeWindow, query: input.query, limit });
    for (const post of posts) {
      if (seen.has(post.id)) continue;
      seen.add(post.id);
      if (DELETED_AUTHORS.has(post.author.trim().toLowerCase())) excluded.deleted++;
      else if (isModeration(post)) excluded.moderator++;
      else if (matchBlocklist(rules, { targetUser: post.author, targetCommunity: post.subreddit || community, texts: [post.title, post.selftext] })) excluded.blocked++;
      else kept.push(post);
    }
  }

  const contacted = await findRecentlyContacted({ orgId, platform: "forum", handles: kept.map((p) => p.author) });
  const posts = kept.map((p) => ({
    id: p.id,
    community: p.subreddit,
    author: p.author,
    title: p.title,
    excerpt: excerpt(p.selftext),
    permalink: forumUrl(p.permalink || `/comments/${p.id}`),
    score: p.score,
    comments: p.num_comments,
    createdAt: new Date(p.created_utc * 1000).toISOString(),
    recentlyContacted: contacted.has(canonicalHandle(p.author)),
  }));
  const staged = scope.runId
    ? (
        await stageCandidates({
          orgId,
          runId: scope.runId,
          platform: "forum",
          candidates: posts.map((p) => ({ targetUser: p.author, community: p.community, sourceUrl: p.permalink, source: { postId: p.id, title: p.title } })),
        })
      ).added
    : 0;
  return { posts, excluded, skippedCommunities, staged };
}

function isModeration(post: ForumPostData): boolean {
  // Stickied and distinguished posts are the moderators speaking for the community, not members asking for help.
  return MODERATION_BOTS.has(post.author.toLowerCase()) || post.stickied || post.distinguished === "moderator" || post.distinguished === "admin";
}

function defaultCommunities(campaign: { platform: string; config: Record<string, unknown> } | null): string[] {
  if (!campaign || campaign.platform !== "forum") return [];
  return profileList(campaign.config, "communities").flatMap((c) => {
    const parsed = ZCommunityName.safeParse(c);
    return parsed.success ? [parsed.data] : [];
  });
}
