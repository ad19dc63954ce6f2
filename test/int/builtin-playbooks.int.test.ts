// Each campaign playbook that ships in playbooks/ is snapshotted on its run and acted out, through a real agent
// process and the real tool server, against fakes of the platforms: the fake ACP agent stands in for the LLM and
// performs the steps the playbook prescribes (its script is appended to the built-in text, so the run's snapshot is
// the real playbook). The contract playbooks have theirs next to their features (regeneration, replies, insights,
// extraction, skill generation).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { seedBuiltinPlaybooks } from "@/lib/playbooks/seed-builtin-playbooks";
import { startCampaignRun } from "@/lib/runs/start-campaign-run";
import { createOrg, createProject, uid, VALID_PROFILE, type OrgFixture } from "./fixtures";
import { FAKE_SLUG, registerFakeBackends, serveToolServer, toolResults } from "./agent-harness";
import * as fakeForum from "../fakes/fake-forum";
import * as fakeNews from "../fakes/fake-news";
import * as fakeFederated from "../fakes/fake-federated";

let A: OrgFixture;
let forum: fakeForum.FakeForum;
let news: fakeNews.FakeNews;
let fed: fakeFederated.FakeFederated;
let tools: { close: () => Promise<void> };
const saved = { ...process.env };
const ENV = ["OUTREACH_FORUM_BASE_URL", "OUTREACH_NEWS_BASE_URL", "OUTREACH_FEDERATED_BASE_URL"] as const;

beforeAll(async () => {
  [forum, news, fed] = await Promise.all([fakeForum.start(), fakeNews.start(), fakeFederated.start()]);
  process.env.OUTREACH_FORUM_BASE_URL = forum.url;
  process.env.OUTREACH_NEWS_BASE_URL = news.url;
  process.env.OUTREACH_FEDERATED_BASE_URL = fed.url;
  await registerFakeBackends();
  tools = await serveToolServer();
  A = await createOrg();
  await seedBuiltinPlaybooks(db, A.orgId, { refresh: false });
});

afterAll(async () => {
  for (const k of ENV) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
  await Promise.all([forum?.close(), news?.close(), fed?.close(), tools?.close()]);
});

/**
 * A campaign of `skill` on the fake agent whose playbook is the built-in text with the agent's script appended. The
 * copy is a campaign playbook of its own, so the organization's built-in stays as shipped.
 */
async function campaignActingOut(skill: string, platform: "forum" | "federated", communities: string[], script: unknown) {
  const builtin = await db.playbook.findUniqueOrThrow({ where: { organizationId_slug: { organizationId: A.orgId, slug: skill } } });
  expect(builtin.isBuiltin).toBe(true);
  const body = `${builtin.body}\n\n\`\`\`fake-agent\n${JSON.stringify(script)}\n\`\`\`\n`;
  const playbook = await db.playbook.create({ data: { organizationId: A.orgId, slug: `${skill}-acted-${uid()}`, title: skill, body } });
  const project = await createProject(A.orgId);
  const account = await db.account.create({ data: { organizationId: A.orgId, projectId: project.id, platform, platformId: `us_${uid()}`, isDefault: true } });
  const campaign = await db.campaign.create({
    data: {
      organizationId: A.orgId, projectId: project.id, name: `${skill} ${uid()}`, platform, skill, runner: FAKE_SLUG, state: "active",
      playbookId: playbook.id, config: { ...VALID_PROFILE, communities },
    },
  });
  return { builtin, account, campaign };
}

async function runToEnd(campaignId: number) {
  const started = await startCampaignRun({ orgId: A.orgId, campaignId });
  if (!started.done) throw new Error("the campaign already had a live run");
  const outcome = await started.done;
  const run = await db.run.findUniqueOrThrow({ where: { id: started.runId } });
  const drafts = await db.draft.findMany({ where: { runId: run.id }, orderBy: { id: "asc" } });
  return { outcome, run, drafts, results: await toolResults(run.id) };
}

describe("the forum playbooks", () => {
  it("forum-scout: reads the community, scouts, shortlists, checks and drafts scored DMs", async () => {
    const community = `timetracking${uid()}`;
    forum.addCommunity(community, { rules: [{ title: "No spam", description: "Disclose affiliation." }] });
    const post = forum.addPost({ community, author: "ada_asks", title: "Looking for a time tracker with offline mode", selftext: "Any recommendations?" });
    forum.addPost({ community, author: "[deleted]", title: "gone" });
    const { builtin, account, campaign } = await campaignActingOut("forum-scout", "forum", [community], {
      steps: [
        { tool: "run_start" },
        { tool: "subreddit_snapshot", args: { community } },
        { tool: "forum_scout", args: { communities: [community], sort: "new" } },
        { tool: "staging_candidates", args: { action: "shortlist", targetUsers: ["ada_asks"] } },
        { tool: "blocklist_check", args: { targets: [{ targetUser: "ada_asks", community }] } },
        { tool: "contact_history_check", args: { handles: ["ada_asks"] } },
        {
          tool: "drafts_create",
          args: { entries: [{ accountId: "$account", kind: "dm", targetUser: "ada_asks", targetCommunity: community, targetUrl: `https://forum.example${post.permalink}`, body: "Hi Ada, I work on a tracker that works offline; happy to answer questions.", qualityScore: 74, qualityReason: "answers the ask, discloses" }] },
        },
        { tool: "run_finish", args: { summary: "One DM drafted" } },
      ],
    });
    const { outcome, run, drafts, results } = await runToEnd(campaign.id);
    expect(outcome).toEqual({ status: "success", failureReason: null });
    expect(run.playbookBody!.startsWith(builtin.body)).toBe(true);
    expect(results.map((r) => r.status)).toEqual(Array(8).fill("completed"));
    expect(JSON.parse(results[1]!.text).rules).toEqual([{ title: "No spam", description: "Disclose affiliation." }]);
    expect(JSON.parse(results[2]!.text).posts.map((p: { author: string }) => p.author)).toEqual(["ada_asks"]);
    expect(drafts.map((d) => [d.kind, d.targetUser, d.qualityScore, d.state, d.accountId])).toEqual([["dm", "ada_asks", 74, "pending_review", account.id]]);
    expect(await db.stagingCandidate.findMany({ where: { runId: run.id }, select: { targetUser: true, shortlisted: true } })).toEqual([{ targetUser: "ada_asks", shortlisted: true }]);
  });

  it("forum-commenter: drafts a scored comment on the thread it answers", async () => {
    const community = `selfhosted${uid()}`;
    forum.addCommunity(community);
    const post = forum.addPost({ community, author: "bo_builds", title: "How much RAM does a tracker need?" });
    const { campaign } = await campaignActingOut("forum-commenter", "forum", [community], {
      steps: [
        { tool: "run_start" },
        { tool: "subreddit_snapshot", args: { community } },
        { tool: "forum_scout", args: { communities: [community], query: "tracker", sort: "relevance" } },
        { tool: "staging_candidates", args: { action: "shortlist", targetUsers: ["bo_builds"] } },
        { tool: "blocklist_check", args: { targets: [{ targetUser: "bo_builds", community, text: post.title }] } },
        {
          tool: "drafts_create",
          args: { entries: [{ accountId: "$account", kind: "post_comment", targetUser: "bo_builds", targetCommunity: community, targetUrl: `https://forum.example${post.permalink}`, body: "About 30 MB idle in our measurements, with SQLite.", qualityScore: 81 }] },
        },
        { tool: "run_finish", args: { summary: "One comment drafted" } },
      ],
    });
    const { outcome, drafts, results } = await runToEnd(campaign.id);
    expect(outcome.status).toBe("success");
    expect(results.every((r) => r.status === "completed")).toBe(true);
    expect(drafts.map((d) => [d.kind, d.targetUser, d.targetCommunity, d.targetUrl, d.qualityScore])).toEqual([
      ["post_comment", "bo_builds", community, `https://forum.example${post.permalink}`, 81],
    ]);
  });

  it("forum-poster: reads the community and the news, drafts a titled post for the community", async () => {
    const community = `boardgamedesign${uid()}`;
    forum.addCommunity(community, { rules: [{ title: "Self-promotion", description: "Discussion posts only." }] });
    news.addStory({ title: "Print-and-play is back", author: "hn_user", points: 120, comments: 40 });
    const { campaign } = await campaignActingOut("forum-poster", "forum", [community], {
      steps: [
        { tool: "run_start" },
        { tool: "subreddit_snapshot", args: { community } },
        { tool: "news_search", args: { query: "print-and-play", days: 30 } },
        { tool: "blocklist_check", args: { targets: [{ targetUser: community, community, text: "What makes a rulebook easy to learn?" }] } },
        {
          tool: "drafts_create",
          args: { entries: [{ accountId: "$account", kind: "post", targetUser: community, targetCommunity: community, title: "What makes a rulebook easy to learn?", body: "We are testing a co-op and keep rewriting the setup page. What worked for you?", qualityScore: 69 }] },
        },
        { tool: "run_finish", args: { summary: "One discussion post" } },
      ],
    });
    const { outcome, drafts, results } = await runToEnd(campaign.id);
    expect(outcome.status).toBe("success");
    expect(JSON.parse(results[2]!.text).results.map((r: { title: string }) => r.title)).toContain("Print-and-play is back");
    expect(drafts.map((d) => [d.kind, d.targetCommunity, d.title, d.qualityScore])).toEqual([["post", community, "What makes a rulebook easy to learn?", 69]]);
  });
});

describe("the federated playbooks", () => {
  it("federated-scout: nobody asked, so no DM is drafted, and the run is a success", async () => {
    const tag = `privacy${uid()}`;
    const talker = fed.addAccount({ username: "cy", domain: "social.example" });
    fed.addStatus({ account: talker, content: "<p>Privacy is a process, not a product.</p>", tags: [tag] });
    const { campaign } = await campaignActingOut("federated-scout", "federated", [`#${tag}`], {
      steps: [
        { tool: "run_start" },
        { tool: "federated_scout" },
        { tool: "run_finish", args: { summary: "One status on the tag, and it asks for nothing: no cold DM" } },
      ],
    });
    const { outcome, run, drafts, results } = await runToEnd(campaign.id);
    expect(outcome).toEqual({ status: "success", failureReason: null });
    // The default hashtags come from the profile's communities.
    expect(JSON.parse(results[1]!.text).statuses.map((s: { author: { acct: string } }) => s.author.acct)).toEqual(["cy@social.example"]);
    expect(drafts).toEqual([]);
    expect(run.params).toMatchObject({ summary: expect.stringMatching(/no cold DM/) });
  });

  it("federated-commenter: replies to a status that asked, never to a bot", async () => {
    const tag = `homelab${uid()}`;
    const asker = fed.addAccount({ username: "dee", domain: "social.example" });
    const bot = fed.addAccount({ username: "feedbot", domain: "social.example", bot: true });
    const status = fed.addStatus({ account: asker, content: "<p>What do you use to track hours on a homelab?</p>", tags: [tag] });
    fed.addStatus({ account: bot, content: "<p>New post!</p>", tags: [tag] });
    const { campaign } = await campaignActingOut("federated-commenter", "federated", [`#${tag}`], {
      steps: [
        { tool: "run_start" },
        { tool: "federated_scout", args: { hashtags: [tag] } },
        { tool: "staging_candidates", args: { action: "shortlist", targetUsers: ["dee@social.example"] } },
        { tool: "contact_history_check", args: { handles: ["dee@social.example"] } },
        {
          tool: "drafts_create",
          args: { entries: [{ accountId: "$account", kind: "post_comment", targetUser: "dee@social.example", targetUrl: status.url, body: "A single binary with SQLite; about 30 MB of RAM idle. I contribute to it.", qualityScore: 77 }] },
        },
        { tool: "run_finish", args: { summary: "One reply" } },
      ],
    });
    const { outcome, drafts, results } = await runToEnd(campaign.id);
    expect(outcome.status).toBe("success");
    expect(JSON.parse(results[1]!.text).excluded).toMatchObject({ bots: 1 });
    expect(drafts.map((d) => [d.kind, d.platform, d.targetUser, d.targetUrl, d.qualityScore, d.state])).toEqual([
      ["post_comment", "federated", "dee@social.example", status.url, 77, "pending_review"],
    ]);
  });

  it("federated-poster: drafts one public post and sends nothing", async () => {
    const { campaign } = await campaignActingOut("federated-poster", "federated", ["#boardgamedesign"], {
      steps: [
        { tool: "run_start" },
        { tool: "drafts_create", args: { entries: [{ accountId: "$account", kind: "post", targetUser: "public", body: "Design diary: we cut the setup from 12 steps to 5. #boardgamedesign", qualityScore: 72 }] } },
        { tool: "run_finish", args: { summary: "This week's diary post" } },
      ],
    });
    const before = fed.received.length;
    const { outcome, drafts } = await runToEnd(campaign.id);
    expect(outcome.status).toBe("success");
    expect(drafts.map((d) => [d.kind, d.state, d.qualityScore])).toEqual([["post", "pending_review", 72]]);
    expect(fed.received.length).toBe(before);
  });
});
