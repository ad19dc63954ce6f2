// The forum and news research tools through a real MCP client, against loopback fakes that answer the platforms' real
// response shapes: scouting and staging, community snapshots, news search, upstream failures and the run-kind rule.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { fetchPlatformJson } from "@/lib/platforms/fetch-platform-json";
import { PLATFORM_TIMEOUT_MS } from "@/lib/platforms/config";
import * as fakeNews from "../fakes/fake-news";
import { uid, type OrgFixture } from "./fixtures";
import { campaignRun, staged, useResearchWorld, type ResearchWorld } from "./research-harness";

const world = useResearchWorld();
let A: OrgFixture;
let forum: ResearchWorld["forum"];
let news: ResearchWorld["news"];
let fed: ResearchWorld["fed"];
// Runs after the world's own beforeAll (hooks run in the order they were registered).
beforeAll(() => {
  ({ A, forum, news, fed } = world);
});

describe("forum_scout and staging_candidates", () => {
  const c = `scout_${uid()}`;
  const blockedCommunity = `blocked_${uid()}`;
  let r: Awaited<ReturnType<typeof campaignRun>>;

  beforeAll(async () => {
    r = await campaignRun(A, { config: { communities: [c] } });
    await db.blocklistEntry.createMany({
      data: [
        { organizationId: A.orgId, type: "user", value: "u/Spammer_Sam" },
        { organizationId: A.orgId, projectId: r.project.id, type: "keyword", value: "crypto" },
        { organizationId: A.orgId, type: "community", value: blockedCommunity },
      ],
    });
    await db.contactHistory.create({
      data: { organizationId: A.orgId, platform: "forum", targetUser: "erin_ops", accountHandle: "me", firstContactedAt: new Date(), lastContactedAt: new Date() },
    });
    forum.addPost({ community: c, author: "alice_dev", title: "Which time tracker do you self-host?", selftext: "I need offline mode.", score: 12, comments: 4 });
    forum.addPost({ community: c, author: "Spammer_Sam", title: "Great deals inside" });
    forum.addPost({ community: c, author: "[deleted]", title: "Looking for a tracker (deleted account)" });
    forum.addPost({ community: c, author: "AutoModerator", title: "Weekly self-promotion thread" });
    forum.addPost({ community: c, author: "mod_mia", title: "Read the rules", stickied: true, distinguished: "moderator" });
    forum.addPost({ community: c, author: "carol", title: "My crypto tracker beats yours" });
    forum.addPost({ community: c, author: "Erin_Ops", title: "Trackers with an API?", selftext: "x".repeat(500) });
    forum.addPost({ community: blockedCommunity, author: "dave", title: "Anyone?" });
  });

  afterAll(() => r.close());

  it("returns posts of the profile's communities without blocklisted, deleted or moderator authors, marks the recently contacted and stages the rest", async () => {
    const before = forum.requests.length;
    const res = await r.call("forum_scout");
    expect(res.isError, res.text).toBe(false);
    expect(res.json.posts.map((p: { author: string }) => p.author)).toEqual(["alice_dev", "Erin_Ops"]);
    expect(res.json.excluded).toEqual({ blocked: 2, deleted: 1, moderator: 2 });
    const [alice, erin] = res.json.posts;
    expect(alice).toMatchObject({
      community: c, title: "Which time tracker do you self-host?", excerpt: "I need offline mode.", score: 12, comments: 4, recentlyContacted: false,
    });
    expect(alice.permalink).toMatch(new RegExp(`^${forum.url}/r/${c}/comments/`));
    expect(new Date(alice.createdAt).getTime()).toBeGreaterThan(Date.now() - 3_600_000);
    expect(erin.recentlyContacted).toBe(true);
    expect(erin.excerpt.length).toBeLessThanOrEqual(301);
    expect(res.json.staged).toBe(2);
    expect(await staged(r.run.id)).toEqual([
      { targetUser: "alice_dev", platform: "forum", community: c, sourceUrl: alice.permalink, shortlisted: false },
      { targetUser: "erin_ops", platform: "forum", community: c, sourceUrl: erin.permalink, shortlisted: false },
    ]);
    // The forum saw the real listing request, with a descriptive User-Agent.
    const req = forum.requests[before]!;
    expect(req.path).toBe(`/r/${c}/new.json`);
    expect(req.query.get("limit")).toBe("25");
    expect(req.headers["user-agent"]).toMatch(/^outreach-dashboard\/\S+ \(/);

    // Scouting again stages nobody twice.
    expect((await r.call("forum_scout")).json.staged).toBe(0);
    expect(await db.stagingCandidate.count({ where: { runId: r.run.id } })).toBe(2);
  });

  it("searches with a query and skips a blocklisted community without asking the forum", async () => {
    const before = forum.requests.length;
    const res = await r.call("forum_scout", { communities: [`r/${c}`, blockedCommunity], query: "tracker api", sort: "top", timeWindow: "month", limit: 5 });
    expect(res.isError, res.text).toBe(false);
    // Best score first; the deleted author and the blocked keyword match the words too and stay out.
    expect(res.json.posts.map((p: { author: string }) => p.author)).toEqual(["alice_dev", "Erin_Ops"]);
    expect(res.json.excluded).toEqual({ blocked: 1, deleted: 1, moderator: 0 });
    expect(res.json.skippedCommunities).toEqual([{ community: blockedCommunity, reason: expect.stringContaining(blockedCommunity) }]);
    const asked = forum.requests.slice(before);
    expect(asked.map((q) => q.path)).toEqual([`/r/${c}/search.json`]);
    expect(Object.fromEntries(asked[0]!.query)).toMatchObject({ q: "tracker api", restrict_sr: "1", sort: "top", t: "month", limit: "5" });
  });

  it("adds, lists and shortlists candidates of the run", async () => {
    const added = await r.call("staging_candidates", {
      action: "add",
      candidates: [{ targetUser: "u/Frank_K", community: c, sourceUrl: "https://forum.example/r/x/comments/1", note: "asked for a recommendation" }],
    });
    expect(added.isError, added.text).toBe(false);
    expect(added.json.added).toBe(1);
    expect(added.json.candidates.map((x: { targetUser: string }) => x.targetUser)).toEqual(["alice_dev", "erin_ops", "frank_k"]);
    expect(added.json.candidates[2]).toEqual({
      targetUser: "frank_k", platform: "forum", community: c, sourceUrl: "https://forum.example/r/x/comments/1", note: "asked for a recommendation", shortlisted: false,
    });

    const shortlisted = await r.call("staging_candidates", { action: "shortlist", targetUsers: ["Alice_Dev", "@frank_k", "nobody_here"] });
    expect(shortlisted.isError, shortlisted.text).toBe(false);
    expect(shortlisted.json).toMatchObject({ updated: 2, notStaged: ["nobody_here"] });
    expect(shortlisted.json.candidates.map((x: { targetUser: string }) => x.targetUser)).toEqual(["alice_dev", "frank_k"]);

    const list = await r.call("staging_candidates", { action: "list", shortlistedOnly: true });
    expect(list.json.candidates.map((x: { targetUser: string; shortlisted: boolean }) => [x.targetUser, x.shortlisted])).toEqual([["alice_dev", true], ["frank_k", true]]);
    const unlisted = await r.call("staging_candidates", { action: "shortlist", targetUsers: ["frank_k"], shortlisted: false });
    expect(unlisted.json.candidates.map((x: { targetUser: string }) => x.targetUser)).toEqual(["alice_dev"]);
    expect((await r.call("staging_candidates", { action: "list" })).json.candidates).toHaveLength(3);
  });

  it("answers bad arguments with clear isError results and changes nothing", async () => {
    const cases: Array<[string, Record<string, unknown>, RegExp]> = [
      ["staging_candidates", { action: "add" }, /bad_request: .*candidates/],
      ["staging_candidates", { action: "shortlist" }, /bad_request: .*targetUsers/],
      ["staging_candidates", { action: "explode" }, /action/],
      ["staging_candidates", { action: "add", candidates: [{ targetUser: "x", sourceUrl: "not a url" }] }, /sourceUrl|url/i],
      ["forum_scout", { limit: 500 }, /limit/],
      ["forum_scout", { communities: ["no spaces allowed"] }, /Community names/],
      ["forum_scout", { communities: [c], sort: "relevance" }, /bad_request: sort relevance needs a query/],
      ["subreddit_snapshot", {}, /community/],
      ["news_search", { query: "" }, /query/],
      ["news_search", { query: "x", days: 0 }, /days/],
      ["federated_scout", { hashtags: ["not a tag"] }, /Hashtags/],
      ["federated_post", { draftId: "seven" }, /draftId/],
    ];
    const before = await db.stagingCandidate.count({ where: { runId: r.run.id } });
    for (const [tool, args, message] of cases) {
      const res = await r.call(tool, args);
      expect(res.isError, `${tool} ${JSON.stringify(args)}`).toBe(true);
      expect(res.text, `${tool} ${JSON.stringify(args)}`).toMatch(message);
    }
    expect(await db.stagingCandidate.count({ where: { runId: r.run.id } })).toBe(before);
  });

  it("a forum campaign without communities in its profile asks for them", async () => {
    const bare = await campaignRun(A);
    const res = await bare.call("forum_scout");
    expect(res).toMatchObject({ isError: true });
    expect(res.text).toMatch(/^bad_request: No communities given/);
    await bare.close();
  });
});

describe("subreddit_snapshot and news_search", () => {
  const c = `snap_${uid()}`;
  let r: Awaited<ReturnType<typeof campaignRun>>;

  beforeAll(async () => {
    r = await campaignRun(A);
    forum.addCommunity(c, {
      title: "Self-hosting, together",
      description: "Run your own services.",
      subscribers: 4321,
      submissionType: "self",
      rules: [
        { title: "No spam", description: "Self-promotion at most once a month." },
        { title: "Be kind", description: "No personal attacks." },
      ],
    });
    forum.addPost({ community: c, author: "top_tom", title: "My homelab tour", score: 900 });
    forum.addPost({ community: c, author: "blocked_bea", title: "Mine is bigger", score: 800 });
    forum.addPost({ community: c, author: "old_olga", title: "Ancient post", score: 5000, createdUtc: Math.floor(Date.now() / 1000) - 30 * 86_400 });
    await db.blocklistEntry.create({ data: { organizationId: A.orgId, projectId: r.project.id, type: "user", value: "blocked_bea" } });
    news.addStory({ title: "Self-hosted time tracking in 2026", url: "https://blog.example/tt", author: "pg_fan", points: 120, comments: 45 });
    news.addStory({ title: "Ask: self-hosted time tracking for teams?", url: null, author: "asker", points: 30, comments: 12 });
    news.addStory({ title: "Self-hosted time tracking for crypto miners", url: "https://x.example", author: "coin", points: 999 });
    news.addStory({ title: "Self-hosted time tracking, a 2019 retrospective", url: "https://old.example", author: "oldie", points: 50, createdAt: new Date(Date.now() - 200 * 86_400_000) });
    await db.blocklistEntry.create({ data: { organizationId: A.orgId, projectId: r.project.id, type: "keyword", value: "crypto" } });
  });

  afterAll(() => r.close());

  it("subreddit_snapshot returns the community, its rules in order and the week's top posts minus the blocklisted", async () => {
    const res = await r.call("subreddit_snapshot", { community: `r/${c}` });
    expect(res.isError, res.text).toBe(false);
    expect(res.json.community).toEqual({ name: c, title: "Self-hosting, together", description: "Run your own services.", subscribers: 4321, over18: false, submissionType: "self" });
    expect(res.json.rules).toEqual([
      { title: "No spam", description: "Self-promotion at most once a month." },
      { title: "Be kind", description: "No personal attacks." },
    ]);
    expect(res.json.topPosts.map((p: { author: string }) => p.author)).toEqual(["top_tom"]);
    expect(res.json.topPosts[0]).toMatchObject({ title: "My homelab tour", score: 900, permalink: expect.stringContaining(`/r/${c}/comments/`) });
  });

  it("subreddit_snapshot refuses a blocklisted community, and reports an unknown one as an upstream error", async () => {
    const name = `nope_${uid()}`;
    await db.blocklistEntry.create({ data: { organizationId: A.orgId, type: "community", value: `r/${name}` } });
    const before = forum.requests.length;
    const blocked = await r.call("subreddit_snapshot", { community: name });
    expect(blocked.isError).toBe(true);
    expect(blocked.text).toMatch(/^blocklisted: Community "r\/.+" is on the global blocklist/);
    expect(forum.requests.length).toBe(before);
    const unknown = await r.call("subreddit_snapshot", { community: `ghost_${uid()}` });
    expect(unknown.isError).toBe(true);
    expect(unknown.text).toMatch(/^upstream_error: forum answered 404 for 127\.0\.0\.1:\d+\/r\/ghost_/);
  });

  it("news_search returns recent stories with their discussion, without blocklisted keywords", async () => {
    const res = await r.call("news_search", { query: "self-hosted time tracking", days: 90, limit: 10 });
    expect(res.isError, res.text).toBe(false);
    expect(res.json.results.map((s: { title: string }) => s.title)).toEqual(["Self-hosted time tracking in 2026", "Ask: self-hosted time tracking for teams?"]);
    const [story, ask] = res.json.results;
    expect(story).toMatchObject({ url: "https://blog.example/tt", author: "pg_fan", points: 120, comments: 45, discussionUrl: expect.stringMatching(/^https:\/\/news\.example\/item\?id=\d+$/) });
    expect(new Date(story.createdAt).getTime()).toBeGreaterThan(Date.now() - 86_400_000);
    // A text post links to its own discussion.
    expect(ask.url).toBe(ask.discussionUrl);
    expect(res.json.excluded).toEqual({ blocked: 1 });
    const req = news.requests.at(-1)!;
    expect(req.query.get("tags")).toBe("story");
    expect(req.query.get("hitsPerPage")).toBe("10");
    const since = Number(/created_at_i>(\d+)/.exec(req.query.get("numericFilters")!)![1]);
    expect(Math.abs(since - (Date.now() / 1000 - 90 * 86_400))).toBeLessThan(120);
  });
});

describe("upstream failures", () => {
  it("come back as upstream_error results from every platform tool, and the tools work again afterwards", async () => {
    const c = `down_${uid()}`;
    forum.addPost({ community: c, author: "someone", title: "hello" });
    const r = await campaignRun(A, { config: { communities: [c] } });
    const fr = await campaignRun(A, { platform: "federated", config: { hashtags: ["downtag"] } });
    try {
      forum.failWith(503);
      news.failWith(503);
      fed.failWith(502);
      const results = {
        forum_scout: await r.call("forum_scout"),
        subreddit_snapshot: await r.call("subreddit_snapshot", { community: c }),
        news_search: await r.call("news_search", { query: "anything" }),
        federated_scout: await fr.call("federated_scout"),
      };
      expect(results.forum_scout.text).toMatch(/^upstream_error: forum answered 503 for 127\.0\.0\.1:\d+\/r\/.+\/new\.json/);
      expect(results.subreddit_snapshot.text).toMatch(/^upstream_error: forum answered 503/);
      expect(results.news_search.text).toMatch(/^upstream_error: news answered 503/);
      expect(results.federated_scout.text).toMatch(/^upstream_error: federated answered 502 for .*\/api\/v1\/timelines\/tag\/downtag/);
      for (const res of Object.values(results)) expect(res.isError).toBe(true);
      expect(await db.stagingCandidate.count({ where: { runId: { in: [r.run.id, fr.run.id] } } })).toBe(0);
    } finally {
      forum.failWith(null);
      news.failWith(null);
      fed.failWith(null);
    }
    expect((await r.call("forum_scout")).isError).toBe(false);

    // An address nobody listens on (any more) is an upstream error too, not a crash.
    const gone = await fakeNews.start();
    await gone.close();
    process.env.OUTREACH_NEWS_BASE_URL = gone.url;
    try {
      const res = await r.call("news_search", { query: "anything" });
      expect(res.isError).toBe(true);
      expect(res.text).toMatch(/^upstream_error: news could not be reached \(ECONNREFUSED\)/);
    } finally {
      process.env.OUTREACH_NEWS_BASE_URL = news.url;
    }
    await Promise.all([r.close(), fr.close()]);
  });

  it("a platform that does not answer in time is given up on with a clear error", async () => {
    news.delay(1_000);
    try {
      const started = Date.now();
      // The tools use the 10 s default (PLATFORM_TIMEOUT_MS); the same code path with a short bound keeps this test fast.
      await expect(fetchPlatformJson({ platform: "news", url: `${news.url}/api/v1/search?query=x`, timeoutMs: 200 })).rejects.toMatchObject({
        name: "UpstreamError", code: "unavailable", message: expect.stringMatching(/^news did not answer within 200 ms for 127\.0\.0\.1:\d+\/api\/v1\/search$/),
      });
      expect(Date.now() - started).toBeLessThan(900);
    } finally {
      news.delay(0);
    }
    expect(PLATFORM_TIMEOUT_MS).toBe(10_000);
  });

  it("research tools belong to campaign runs", async () => {
    const r = await campaignRun(A, { kind: "project_insights" });
    for (const tool of ["forum_scout", "staging_candidates", "subreddit_snapshot", "news_search", "federated_scout", "federated_post"]) {
      const args = tool === "staging_candidates" ? { action: "list" } : tool === "subreddit_snapshot" ? { community: "x_y" } : tool === "news_search" ? { query: "x" } : tool === "federated_post" ? { draftId: 1 } : {};
      const res = await r.call(tool, args);
      expect(res.isError, tool).toBe(true);
      expect(res.text).toBe(`conflict: ${tool} belongs to campaign runs; this run is a project_insights run`);
    }
    await r.close();
  });
});
