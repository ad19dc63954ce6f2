// A fake of the forum's public JSON API on a loopback port, answering the real response shapes (Listing of t3
// children, about.json t5, about/rules.json) for the communities and posts a test adds. Used by the integration tests
// and the e2e server (OUTREACH_FORUM_BASE_URL = url). Comments and `/api/info.json` (what a signed-out visitor sees
// of a post or comment by its fullname) serve the removal checks: a test removes (as a moderator) or deletes (as the
// author) a comment or post, or makes a community private, and reads the same shapes the real API answers then.
import { startFakeServer, type FakeAnswer, type FakeServer, type RecordedRequest } from "./fake-http";

export interface FakeCommunityInput {
  title?: string;
  description?: string;
  subscribers?: number;
  over18?: boolean;
  submissionType?: "any" | "link" | "self";
  rules?: { title: string; description: string }[];
}

export interface FakePostInput {
  community: string;
  author: string;
  title: string;
  selftext?: string;
  score?: number;
  comments?: number;
  /** Seconds since the epoch; default: now minus the order of insertion in minutes. */
  createdUtc?: number;
  stickied?: boolean;
  distinguished?: "moderator" | "admin" | null;
  over18?: boolean;
}

export interface FakeForumPost {
  id: string;
  name: string;
  author: string;
  title: string;
  selftext: string;
  permalink: string;
  url: string;
  subreddit: string;
  subreddit_name_prefixed: string;
  score: number;
  ups: number;
  num_comments: number;
  created_utc: number;
  over_18: boolean;
  stickied: boolean;
  distinguished: string | null;
  is_self: boolean;
  link_flair_text: string | null;
}

export interface FakeForumComment {
  id: string;
  name: string;
  author: string;
  body: string;
  permalink: string;
  link_id: string;
  parent_id: string;
  subreddit: string;
  score: number;
  created_utc: number;
}

interface Community {
  name: string;
  about: Required<FakeCommunityInput>;
  posts: FakeForumPost[];
  /** A private (or banned) community: signed-out visitors see none of its posts or comments. */
  hidden?: boolean;
}

/** What happened to a post or comment: a moderator removed it, or its author deleted it. */
export type FakeTakedown = "removed" | "deleted";

export interface FakeForum extends FakeServer {
  addCommunity(name: string, input?: FakeCommunityInput): void;
  addPost(input: FakePostInput): FakeForumPost;
  addComment(input: { post: FakeForumPost; author: string; body: string }): FakeForumComment;
  /** A moderator removes (or the author deletes) a comment or post, by id or fullname (t1_…, t3_…). */
  takeDown(id: string, how: FakeTakedown): void;
  /** Makes a community private: /api/info.json leaves its things out, as the real API does for signed-out visitors. */
  hideCommunity(name: string): void;
}

const notFound: FakeAnswer = { status: 404, json: { message: "Not Found", error: 404 } };

export async function start(opts: { port?: number } = {}): Promise<FakeForum> {
  const communities = new Map<string, Community>();
  const comments: FakeForumComment[] = [];
  const takedowns = new Map<string, FakeTakedown>();
  let seq = 0;
  let base = "";

  const community = (name: string, input: FakeCommunityInput = {}) => {
    const key = name.toLowerCase();
    let c = communities.get(key);
    if (!c) {
      c = {
        name,
        about: {
          title: input.title ?? `${name} community`,
          description: input.description ?? `All about ${name}.`,
          subscribers: input.subscribers ?? 1000,
          over18: input.over18 ?? false,
          submissionType: input.submissionType ?? "any",
          rules: input.rules ?? [],
        },
        posts: [],
      };
      communities.set(key, c);
    } else if (Object.keys(input).length > 0) {
      c.about = { ...c.about, ...Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) } as Community["about"];
    }
    return c;
  };

  const listing = (posts: FakeForumPost[]): FakeAnswer => ({
    json: {
      kind: "Listing",
      data: { after: null, before: null, dist: posts.length, modhash: "", geo_filter: "", children: posts.map((p) => ({ kind: "t3", data: p })) },
    },
  });

  const windowStart = (t: string | null) => {
    const days = { hour: 1 / 24, day: 1, week: 7, month: 30, year: 365, all: 100_000 }[t ?? "day"] ?? 1;
    return Date.now() / 1000 - days * 86_400;
  };

  const bare = (id: string) => id.replace(/^t[13]_/, "");
  const visibleCommunity = (name: string) => !communities.get(name.toLowerCase())?.hidden;

  /** A thing as a signed-out visitor reads it: a removed or deleted one keeps its place with its text blanked. */
  const infoChild = (fullname: string): { kind: string; data: object }[] => {
    const id = bare(fullname);
    const how = takedowns.get(id);
    if (fullname.startsWith("t1_")) {
      const c = comments.find((x) => x.id === id);
      if (!c || !visibleCommunity(c.subreddit)) return [];
      const data = how ? { ...c, author: "[deleted]", body: how === "removed" ? "[removed]" : "[deleted]" } : c;
      return [{ kind: "t1", data }];
    }
    if (fullname.startsWith("t3_")) {
      const p = [...communities.values()].flatMap((x) => x.posts).find((x) => x.id === id);
      if (!p || !visibleCommunity(p.subreddit)) return [];
      const data = how
        ? { ...p, author: "[deleted]", selftext: how === "removed" ? "[removed]" : "[deleted]", removed_by_category: how === "removed" ? "moderator" : "deleted" }
        : { ...p, removed_by_category: null };
      return [{ kind: "t3", data }];
    }
    return [];
  };

  const handler = (req: RecordedRequest): FakeAnswer => {
    if (req.method !== "GET") return { status: 405, json: { message: "Method Not Allowed", error: 405 } };
    if (req.path === "/api/info.json") {
      const children = (req.query.get("id") ?? "").split(",").filter(Boolean).flatMap(infoChild);
      return { json: { kind: "Listing", data: { after: null, before: null, dist: children.length, modhash: "", geo_filter: "", children } } };
    }
    const m = /^\/r\/([^/]+)\/(new|hot|top|search|about)(\/rules)?\.json$/.exec(req.path);
    if (!m) return notFound;
    const c = communities.get(decodeURIComponent(m[1]!).toLowerCase());
    if (!c) return notFound;
    const limit = Math.min(Number(req.query.get("limit") ?? 25) || 25, 100);
    const kind = m[2]!;
    if (kind === "about" && m[3]) {
      return {
        json: {
          rules: c.about.rules.map((r, i) => ({
            kind: "all", description: r.description, short_name: r.title, violation_reason: r.title, created_utc: 1_600_000_000, priority: i, description_html: `<p>${r.description}</p>`,
          })),
          site_rules: ["Spam", "Personal and confidential information"],
          site_rules_flow: [],
        },
      };
    }
    if (kind === "about") {
      return {
        json: {
          kind: "t5",
          data: {
            display_name: c.name, display_name_prefixed: `r/${c.name}`, title: c.about.title, public_description: c.about.description,
            description: `${c.about.description}\n\nLonger sidebar text.`, subscribers: c.about.subscribers, over18: c.about.over18,
            submission_type: c.about.submissionType, url: `/r/${c.name}/`, created_utc: 1_500_000_000, subreddit_type: "public",
          },
        },
      };
    }
    let posts = [...c.posts];
    if (kind === "new") posts.sort((a, b) => b.created_utc - a.created_utc);
    if (kind === "hot") posts.sort((a, b) => b.score / (1 + (Date.now() / 1000 - b.created_utc) / 3600) - a.score / (1 + (Date.now() / 1000 - a.created_utc) / 3600));
    if (kind === "top") {
      const since = windowStart(req.query.get("t"));
      posts = posts.filter((p) => p.created_utc >= since).sort((a, b) => b.score - a.score);
    }
    if (kind === "search") {
      if (req.query.get("restrict_sr") !== "1") return { status: 400, json: { message: "fake forum: search outside one community is not faked", error: 400 } };
      const words = (req.query.get("q") ?? "").toLowerCase().split(/\s+/).filter(Boolean);
      const since = windowStart(req.query.get("t") ?? "all");
      const hits = (p: FakeForumPost) => words.filter((w) => `${p.title} ${p.selftext}`.toLowerCase().includes(w)).length;
      posts = posts.filter((p) => p.created_utc >= since && hits(p) > 0);
      const sort = req.query.get("sort") ?? "relevance";
      posts.sort((a, b) => (sort === "new" ? b.created_utc - a.created_utc : sort === "top" ? b.score - a.score : hits(b) - hits(a) || b.score - a.score));
    }
    return listing(posts.slice(0, limit));
  };

  const server = await startFakeServer(handler, opts);
  base = server.url;
  return {
    ...server,
    addCommunity: (name, input) => void community(name, input),
    addPost: (input) => {
      const c = community(input.community);
      seq++;
      const id = `fk${seq.toString(36)}`;
      const slug = input.title.toLowerCase().replace(/[^a-z0-9]+/g, "_").slice(0, 40);
      const permalink = `/r/${c.name}/comments/${id}/${slug}/`;
      const post: FakeForumPost = {
        id,
        name: `t3_${id}`,
        author: input.author,
        title: input.title,
        selftext: input.selftext ?? "",
        permalink,
        url: `${base}${permalink}`,
        subreddit: c.name,
        subreddit_name_prefixed: `r/${c.name}`,
        score: input.score ?? 1,
        ups: input.score ?? 1,
        num_comments: input.comments ?? 0,
        created_utc: input.createdUtc ?? Math.floor(Date.now() / 1000) - seq * 60,
        over_18: input.over18 ?? false,
        stickied: input.stickied ?? false,
        distinguished: input.distinguished ?? null,
        is_self: true,
        link_flair_text: null,
      };
      c.posts.push(post);
      return post;
    },
    addComment: ({ post, author, body }) => {
      seq++;
      const id = `fc${seq.toString(36)}`;
      const comment: FakeForumComment = {
        id, name: `t1_${id}`, author, body, permalink: `${post.permalink}${id}/`, link_id: post.name, parent_id: post.name,
        subreddit: post.subreddit, score: 1, created_utc: Math.floor(Date.now() / 1000),
      };
      comments.push(comment);
      post.num_comments++;
      return comment;
    },
    takeDown: (id, how) => void takedowns.set(bare(id), how),
    hideCommunity: (name) => {
      community(name).hidden = true;
    },
  };
}
