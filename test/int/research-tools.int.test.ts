// The platform research tools through a real MCP client, against loopback fakes of the forum, the news site and a
// federated instance that answer the platforms' real response shapes; and a federated scout run end to end through a
// real (scripted) agent process.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { db } from "@/lib/db/client";
import { createToolServer } from "@/lib/mcp/create-tool-server";
import { resolveRunBinding } from "@/lib/mcp/binding";
import { mintRunToken } from "@/lib/runs/run-token";
import { sealCredentials } from "@/lib/crypto/credentials";
import { startCampaignRun } from "@/lib/runs/start-campaign-run";
import * as mcpRoute from "@/app/api/mcp/route";
import { fetchPlatformJson } from "@/lib/platforms/fetch-platform-json";
import { PLATFORM_TIMEOUT_MS } from "@/lib/platforms/config";
import * as fakeForum from "../fakes/fake-forum";
import * as fakeNews from "../fakes/fake-news";
import * as fakeFederated from "../fakes/fake-federated";
import { createOrg, createProject, uid, type OrgFixture } from "./fixtures";
import { FAKE_SLUG, registerFakeBackends, scriptOrgPlaybook, serveRoute } from "./agent-harness";

let A: OrgFixture;
let forum: fakeForum.FakeForum;
let news: fakeNews.FakeNews;
let fed: fakeFederated.FakeFederated;
const savedEnv = { ...process.env };

beforeAll(async () => {
  [forum, news, fed] = await Promise.all([fakeForum.start(), fakeNews.start(), fakeFederated.start()]);
  process.env.OUTREACH_FORUM_BASE_URL = forum.url;
  process.env.OUTREACH_NEWS_BASE_URL = news.url;
  process.env.OUTREACH_NEWS_DISCUSSION_BASE_URL = "https://news.example";
  process.env.OUTREACH_FEDERATED_BASE_URL = fed.url;
  A = await createOrg();
});

afterAll(async () => {
  for (const k of ["OUTREACH_FORUM_BASE_URL", "OUTREACH_NEWS_BASE_URL", "OUTREACH_NEWS_DISCUSSION_BASE_URL", "OUTREACH_FEDERATED_BASE_URL"]) {
    if (savedEnv[k] === undefined) delete process.env[k];
    else process.env[k] = savedEnv[k];
  }
  await Promise.all([forum?.close(), news?.close(), fed?.close()]);
});

type Result = { isError: boolean; text: string; json: any };

/** A campaign of A on `platform`, a running run of it, and an MCP client bound to that run. */
async function campaignRun(opts: { platform?: "forum" | "federated"; config?: Record<string, unknown>; kind?: string; credentials?: unknown } = {}) {
  const platform = opts.platform ?? "forum";
  const project = await createProject(A.orgId);
  const sealed = opts.credentials ? sealCredentials(opts.credentials) : null;
  const account = await db.account.create({
    data: {
      organizationId: A.orgId, projectId: project.id, platform, platformId: `me_${uid()}`, isDefault: true,
      credentialsCiphertext: sealed?.ciphertext ?? null, credentialsKeyId: sealed?.keyId ?? null,
    },
  });
  const campaign = await db.campaign.create({
    data: {
      organizationId: A.orgId, projectId: project.id, name: `Campaign ${uid()}`, platform, skill: `${platform}-scout`, runner: "cloud",
      config: (opts.config ?? {}) as object,
    },
  });
  const { token, hash } = mintRunToken();
  const run = await db.run.create({
    data: { organizationId: A.orgId, campaignId: campaign.id, projectId: project.id, kind: opts.kind ?? "campaign", runner: "cloud", status: "running", runTokenHash: hash },
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await createToolServer(await resolveRunBinding({ runId: run.id, token })).connect(serverSide);
  const client = new Client({ name: "research-test", version: "1" });
  await client.connect(clientSide);
  const call = async (name: string, args: Record<string, unknown> = {}): Promise<Result> => {
    const res = (await client.callTool({ name, arguments: args })) as { isError?: boolean; content: Array<{ text: string }> };
    const text = res.content[0]!.text;
    let json: unknown = null;
    try {
      json = JSON.parse(text);
    } catch {}
    return { isError: res.isError === true, text, json };
  };
  return { project, account, campaign, run, call, close: () => client.close() };
}

const staged = (runId: number) =>
  db.stagingCandidate.findMany({ where: { runId }, orderBy: { id: "asc" }, select: { targetUser: true, platform: true, community: true, sourceUrl: true, shortlisted: true } });

describe("forum_scout and staging_candidates", () => {
  const c = `scout_${uid()}`;
  const blockedCommunity = `blocked_${uid()}`;
  let r: Awaited<ReturnType<typeof campaignRun>>;

  beforeAll(async () => {
    r = await campaignRun({ config: { communities: [c] } });
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
    const bare = await campaignRun();
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
    r = await campaignRun();
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
    const r = await campaignRun({ config: { communities: [c] } });
    const fr = await campaignRun({ platform: "federated", config: { hashtags: ["downtag"] } });
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
    const r = await campaignRun({ kind: "project_insights" });
    for (const tool of ["forum_scout", "staging_candidates", "subreddit_snapshot", "news_search", "federated_scout", "federated_post"]) {
      const args = tool === "staging_candidates" ? { action: "list" } : tool === "subreddit_snapshot" ? { community: "x_y" } : tool === "news_search" ? { query: "x" } : tool === "federated_post" ? { draftId: 1 } : {};
      const res = await r.call(tool, args);
      expect(res.isError, tool).toBe(true);
      expect(res.text).toBe(`conflict: ${tool} belongs to campaign runs; this run is a project_insights run`);
    }
    await r.close();
  });
});

describe("federated_scout never returns a bot or a #nobot account", () => {
  const tag = `selfhosted${uid()}`;
  let r: Awaited<ReturnType<typeof campaignRun>>;
  let annStatus: fakeFederated.FakeStatus;

  beforeAll(async () => {
    r = await campaignRun({ platform: "federated", config: { communities: [`#${tag}`] } });
    const people = {
      ann: fed.addAccount({ username: "ann", domain: "social.example", displayName: "Ann", note: "<p>Homelab, gardens.</p>" }),
      ben: fed.addAccount({ username: "ben", displayName: "Ben", note: "<p>Local admin</p>", fields: [{ name: "Site", value: '<a href="https://ben.example">ben.example</a>' }] }),
      bot: fed.addAccount({ username: "feedbot", domain: "bots.example", bot: true, note: "<p>I repost feeds</p>" }),
      noteTag: fed.addAccount({ username: "cat", domain: "social.example", note: "<p>Please no automation #nobot</p>" }),
      noteLink: fed.addAccount({
        username: "dan", domain: "social.example",
        note: '<p>Hi <a href="https://social.example/tags/NoBots" class="mention hashtag" rel="tag">#<span>NoBots</span></a></p>',
      }),
      field: fed.addAccount({ username: "eve", domain: "other.example", fields: [{ name: "Policy", value: "<span>#NOBOT</span> thanks" }] }),
      fieldName: fed.addAccount({ username: "fay", domain: "other.example", fields: [{ name: "#nobots", value: "yes" }] }),
      displayName: fed.addAccount({ username: "gus", domain: "other.example", displayName: "Gus #NoBot" }),
      blocked: fed.addAccount({ username: "hal", domain: "spam.example" }),
    };
    await db.blocklistEntry.create({ data: { organizationId: A.orgId, type: "user", value: "@hal@spam.example" } });
    annStatus = fed.addStatus({ account: people.ann, content: "<p>What do you use for time tracking? #selfhosted</p>", tags: [tag], replies: 3, favourites: 7 });
    fed.addStatus({ account: people.ben, content: "<p>I run everything in one box</p>", tags: [tag, "homelab"] });
    for (const a of [people.bot, people.noteTag, people.noteLink, people.field, people.fieldName, people.displayName, people.blocked]) {
      fed.addStatus({ account: a, content: `<p>status of ${a.username}</p>`, tags: [tag] });
    }
    // A second status of the opted-out account under another tag is left out too.
    fed.addStatus({ account: people.noteTag, content: "<p>again</p>", tags: [`${tag}b`] });
  });

  afterAll(() => r.close());

  it("uses the profile's hashtags, leaves out bots, #nobot profiles in every spelling and the blocklisted, and stages only people", async () => {
    const before = fed.requests.length;
    const res = await r.call("federated_scout", { limit: 40 });
    expect(res.isError, res.text).toBe(false);
    expect(res.json.statuses.map((s: { author: { acct: string } }) => s.author.acct).sort()).toEqual(["ann@social.example", `ben@${fed.host}`]);
    expect(res.json.excluded).toEqual({ bots: 1, noBot: 5, blocked: 1 });
    expect(res.json.staged).toBe(2);
    const ann = res.json.statuses.find((s: { id: string }) => s.id === annStatus.id);
    expect(ann).toEqual({
      id: annStatus.id,
      url: annStatus.url,
      author: { acct: "ann@social.example", displayName: "Ann", url: "https://social.example/@ann" },
      excerpt: "What do you use for time tracking? #selfhosted",
      createdAt: annStatus.created_at,
      replies: 3,
      favourites: 7,
      tags: [tag],
      inReplyTo: null,
      recentlyContacted: false,
    });
    expect((await staged(r.run.id)).map((s) => s.targetUser).sort()).toEqual(["ann@social.example", `ben@${fed.host}`]);
    const asked = fed.requests.slice(before);
    expect(asked.map((q) => q.path)).toEqual([`/api/v1/timelines/tag/${tag}`]);
    expect(asked[0]!.query.get("limit")).toBe("40");
    expect(asked[0]!.headers["user-agent"]).toMatch(/^outreach-dashboard/);
  });

  it("never returns nor stages them across several hashtags, whatever is asked", async () => {
    const res = await r.call("federated_scout", { hashtags: [`#${tag}`, `${tag}B`] });
    expect(res.isError, res.text).toBe(false);
    const authors: string[] = res.json.statuses.map((s: { author: { acct: string } }) => s.author.acct);
    for (const acct of ["feedbot@bots.example", "cat@social.example", "dan@social.example", "eve@other.example", "fay@other.example", "gus@other.example", "hal@spam.example"]) {
      expect(authors).not.toContain(acct);
    }
    expect(res.json.excluded).toEqual({ bots: 1, noBot: 6, blocked: 1 });
    const add = await r.call("staging_candidates", { action: "list" });
    expect(add.json.candidates.map((c: { targetUser: string }) => c.targetUser).sort()).toEqual(["ann@social.example", `ben@${fed.host}`]);
  });

  it("reads the instance of the campaign's account with its token when its credentials name one", async () => {
    const other = await fakeFederated.start();
    try {
      const person = other.addAccount({ username: "ida", domain: "far.example" });
      other.addStatus({ account: person, content: "<p>hello</p>", tags: ["elsewhere"] });
      const own = await campaignRun({ platform: "federated", credentials: { instanceUrl: `${other.url}/`, accessToken: "tok-read-1" } });
      const res = await own.call("federated_scout", { hashtags: ["elsewhere"] });
      expect(res.isError, res.text).toBe(false);
      expect(res.json.instance).toBe(other.url);
      expect(res.json.statuses.map((s: { author: { acct: string } }) => s.author.acct)).toEqual(["ida@far.example"]);
      expect(other.requests.at(-1)!.headers.authorization).toBe("Bearer tok-read-1");
      await own.close();
    } finally {
      await other.close();
    }
  });
});

describe("a federated scout run through a real agent process", () => {
  let mcp: { url: string; close: () => Promise<void> };

  beforeAll(async () => {
    await registerFakeBackends();
    mcp = await serveRoute(mcpRoute.POST);
  });
  afterAll(() => mcp?.close());

  /** A federated-scout campaign on the fake agent whose organization playbook is the given script. */
  async function federatedCampaign(script: unknown) {
    const org = await createOrg();
    const project = await createProject(org.orgId);
    const account = await db.account.create({ data: { organizationId: org.orgId, projectId: project.id, platform: "federated", platformId: "us@social.example", isDefault: true } });
    await scriptOrgPlaybook(org.orgId, "federated-scout", script);
    const campaign = await db.campaign.create({
      data: {
        organizationId: org.orgId, projectId: project.id, name: `Fed ${uid()}`, platform: "federated", skill: "federated-scout", runner: FAKE_SLUG,
        state: "active", config: { communities: ["#agenttag"] },
      },
    });
    return { org, project, account, campaign };
  }

  it("scouts, shortlists and drafts, and ends success with scored drafts", async () => {
    const tag = `agent${uid()}`;
    const asker = fed.addAccount({ username: "quinn", domain: "social.example" });
    const bot = fed.addAccount({ username: "relay", domain: "social.example", bot: true });
    const status = fed.addStatus({ account: asker, content: "<p>Any self-hosted time tracker with offline mode?</p>", tags: [tag] });
    fed.addStatus({ account: bot, content: "<p>reposted</p>", tags: [tag] });
    const { org, campaign, account } = await federatedCampaign({
      steps: [
        { tool: "run_start" },
        { tool: "federated_scout", args: { hashtags: [tag] } },
        { tool: "staging_candidates", args: { action: "shortlist", targetUsers: ["quinn@social.example"] } },
        {
          tool: "drafts_create",
          args: {
            entries: [
              {
                accountId: "$account", kind: "post_comment", targetUser: "quinn@social.example", targetUrl: status.url,
                body: "We build one: single binary, works offline. Happy to answer questions.", qualityScore: 78, qualityReason: "answers the question",
              },
            ],
          },
        },
        { tool: "run_finish", args: { summary: "One reply drafted" } },
      ],
    });
    const started = await startCampaignRun({ orgId: org.orgId, campaignId: campaign.id, toolServerUrl: mcp.url, timeoutMs: 30_000 });
    expect(await started.done).toEqual({ status: "success", failureReason: null });

    const drafts = await db.draft.findMany({ where: { runId: started.runId } });
    expect(drafts.map((d) => [d.kind, d.platform, d.targetUser, d.targetUrl, d.qualityScore, d.state, d.accountId])).toEqual([
      ["post_comment", "federated", "quinn@social.example", status.url, 78, "pending_review", account.id],
    ]);
    expect(await staged(started.runId)).toEqual([{ targetUser: "quinn@social.example", platform: "federated", community: null, sourceUrl: status.url, shortlisted: true }]);
    const updates = (await db.runEvent.findMany({ where: { runId: started.runId, type: "tool_call_update" }, orderBy: { seq: "asc" } })).map(
      (e) => e.payload as { status: string; text?: string },
    );
    expect(updates.map((u) => u.status)).toEqual(["completed", "completed", "completed", "completed", "completed"]);
    expect(JSON.parse(updates[1]!.text!).excluded).toEqual({ bots: 1, noBot: 0, blocked: 0 });
  });

  it("a run that finds nobody worth a draft and calls run_finish is a success", async () => {
    const { org, campaign } = await federatedCampaign({
      steps: [
        { tool: "run_start" },
        { tool: "federated_scout", args: { hashtags: [`quiet${uid()}`] } },
        { tool: "run_finish", args: { summary: "Nobody asked for anything; no drafts" } },
      ],
    });
    const started = await startCampaignRun({ orgId: org.orgId, campaignId: campaign.id, toolServerUrl: mcp.url, timeoutMs: 30_000 });
    expect(await started.done).toEqual({ status: "success", failureReason: null });
    const run = await db.run.findUniqueOrThrow({ where: { id: started.runId } });
    expect(run.params).toMatchObject({ summary: "Nobody asked for anything; no drafts" });
    expect(await db.draft.count({ where: { runId: started.runId } })).toBe(0);
  });
});
