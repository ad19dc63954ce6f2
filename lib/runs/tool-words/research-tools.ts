// Words for the platform research tools (lib/mcp/tools/research.ts, federated.ts): what was read where, and who came
// of it ("Looked at 12 posts in r/warehouse · 8 new people to consider").
import { arr, count, howMany, listOf, num, obj, str, strings, type ToolFacts, type ToolWords } from "@/lib/runs/tool-words/helpers";

const community = (c: string) => `r/${c.replace(/^\/?r\//i, "")}`;
const hashtag = (t: string) => `#${t.replace(/^#/, "")}`;

/** The communities a forum call read: the ones asked for, else the ones the posts came from. */
function forumPlaces(f: ToolFacts): string {
  const asked = strings(f.input.communities);
  const seen = [...new Set((arr(f.output?.posts) ?? []).map((p) => str(obj(p)?.community)).filter((c): c is string => c !== null))];
  const names = (asked.length ? asked : seen).map(community);
  return names.length ? listOf(names) : "your communities";
}

export const RESEARCH_TOOL_WORDS: Record<string, ToolWords> = {
  forum_scout: {
    doing: (f) => (str(f.input.query) ? `Searching ${forumPlaces(f)} for “${str(f.input.query)}”` : `Looking at posts in ${forumPlaces(f)}`),
    done: (f) => {
      const posts = arr(f.output?.posts);
      if (str(f.input.query)) return `Searched ${forumPlaces(f)} for “${str(f.input.query)}”${posts ? `: ${count(posts.length, "post")}` : ""}`;
      return `Looked at ${posts ? count(posts.length, "post") : "posts"} in ${forumPlaces(f)}`;
    },
    attempt: (f) => `look at posts in ${forumPlaces(f)}`,
    result: (f) => scoutResult(f, "posts"),
  },
  federated_scout: {
    doing: (f) => `Looking at posts tagged ${tags(f)}`,
    done: (f) => {
      const statuses = arr(f.output?.statuses);
      return `Looked at ${statuses ? count(statuses.length, "post") : "posts"} tagged ${tags(f)}`;
    },
    attempt: (f) => `look at posts tagged ${tags(f)}`,
    result: (f) => scoutResult(f, "statuses"),
  },
  staging_candidates: {
    doing: (f) => (f.input.action === "add" ? "Noting people to consider" : f.input.action === "shortlist" ? "Shortlisting people" : "Reviewing the people under consideration"),
    done: (f) => {
      const people = arr(f.output?.candidates)?.length;
      if (f.input.action === "add") return `Noted ${num(f.output?.added) !== null ? count(num(f.output?.added)!, "person", "people") : howMany(f.input.candidates, "person", "people")} to consider`;
      if (f.input.action === "shortlist") {
        const names = strings(f.input.targetUsers);
        const off = f.input.shortlisted === false;
        return `${off ? "Took" : "Shortlisted"} ${count(names.length, "person", "people")}${names.length ? `: ${listOf(names)}` : ""}${off ? " off the shortlist" : ""}`;
      }
      return people !== undefined ? `Reviewed ${count(people, "person", "people")} under consideration` : "Reviewed the people under consideration";
    },
    attempt: () => "update the people under consideration",
  },
  subreddit_snapshot: {
    doing: (f) => `Reading about ${community(str(f.input.community) ?? "the community")}`,
    done: (f) => `Read about ${community(str(f.input.community) ?? str(obj(f.output?.community)?.name) ?? "the community")} and its rules`,
    attempt: (f) => `read about ${community(str(f.input.community) ?? "the community")}`,
    result: (f) => {
      const members = num(obj(f.output?.community)?.subscribers);
      const rules = arr(f.output?.rules)?.length;
      const parts = [members !== null ? count(members, "member") : null, rules !== undefined ? count(rules, "rule") : null].filter(Boolean);
      return parts.length ? parts.join(" · ") : null;
    },
  },
  news_search: {
    doing: (f) => `Searching the news for “${str(f.input.query) ?? ""}”`,
    done: (f) => `Searched the news for “${str(f.input.query) ?? ""}”`,
    attempt: () => "search the news",
    result: (f) => {
      const results = arr(f.output?.results);
      return results ? `${count(results.length, "story", "stories")} found` : null;
    },
  },
  federated_post: {
    doing: (f) => `Posting draft #${String(f.input.draftId ?? "")}`.trim(),
    done: (f) => `Posted draft #${String(f.input.draftId ?? "")}`,
    attempt: () => "post the draft",
    result: (f) => str(obj(f.output?.posted)?.url),
  },
};

function tags(f: ToolFacts): string {
  const asked = strings(f.input.hashtags).map(hashtag);
  return asked.length ? listOf(asked) : "your hashtags";
}

/** What a scout's answer adds up to: who is new, who was contacted, what was left out. */
function scoutResult(f: ToolFacts, listKey: "posts" | "statuses"): string | null {
  if (!f.output) return null;
  const items = (arr(f.output[listKey]) ?? []).map(obj);
  const contacted = items.filter((p) => p?.recentlyContacted === true).length;
  const staged = num(f.output.staged);
  const excluded = obj(f.output.excluded);
  const left = excluded ? Object.values(excluded).reduce<number>((sum, v) => sum + (num(v) ?? 0), 0) : 0;
  const skipped = arr(f.output.skippedCommunities)?.length ?? 0;
  const parts = [
    staged !== null ? `${count(staged, "new person", "new people")} to consider` : null,
    contacted ? `${contacted} contacted or drafted for recently` : null,
    left ? `${left} left out (blocklist, bots, moderators)` : null,
    skipped ? `${count(skipped, "community", "communities")} skipped` : null,
  ].filter(Boolean);
  return parts.length ? parts.join(" · ") : null;
}

