// Tenancy of the platform research tools: bound to a run of organization B, none of them reads, changes or reveals
// organization A's rows: A's blocklist and contact history do not shape B's answers, A's staged candidates stay
// A's, A's account credentials are never used, and A's draft cannot be posted.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { mintRunToken } from "@/lib/runs/run-token";
import { sealCredentials } from "@/lib/crypto/credentials";
import { approveDraft } from "@/lib/drafts/approve-draft";
import * as fakeForum from "../fakes/fake-forum";
import * as fakeNews from "../fakes/fake-news";
import * as fakeFederated from "../fakes/fake-federated";
import { createDraftRow, createOrg, createProject, uid, type OrgFixture } from "./fixtures";
import { connectToolClient } from "./tool-client";

let A: OrgFixture;
let B: OrgFixture;
let forum: fakeForum.FakeForum;
let news: fakeNews.FakeNews;
let fed: fakeFederated.FakeFederated;
/** The instance named in A's account credentials; B must never reach it. */
let aFed: fakeFederated.FakeFederated;
const saved = { ...process.env };
const A_TOKEN = `a-token-${uid()}`;
const community = `shared_${uid()}`;
const tag = `sharedtag${uid()}`;
const a = { runId: 0, draftId: 0, draftVersion: 0, blockedUser: `a_blocked_${uid()}`, contacted: `a_contacted_${uid()}`, keyword: `akw${uid()}`, blockedCommunity: `ablocked_${uid()}` };
let callB: (name: string, args?: Record<string, unknown>) => Promise<{ isError: boolean; text: string; json: any }>;
let bRunId = 0;
let closeB: () => Promise<void>;

beforeAll(async () => {
  [forum, news, fed, aFed] = await Promise.all([fakeForum.start(), fakeNews.start(), fakeFederated.start(), fakeFederated.start()]);
  process.env.OUTREACH_FORUM_BASE_URL = forum.url;
  process.env.OUTREACH_NEWS_BASE_URL = news.url;
  process.env.OUTREACH_FEDERATED_BASE_URL = fed.url;
  // A's instance is a loopback fake: allowed as private hosts, so what keeps B from it is tenancy, not the network
  // guard.
  process.env.OUTREACH_ALLOW_PRIVATE_HOSTS = "on";
  [A, B] = await Promise.all([createOrg(), createOrg()]);

  // Organization A: a federated campaign with autoPost, an account whose credentials name aFed, a blocklist, a
  // contact, candidates staged on its run and an approved draft.
  const ap = await createProject(A.orgId);
  const sealed = sealCredentials({ instanceUrl: aFed.url, accessToken: A_TOKEN });
  const aAccount = await db.account.create({
    data: { organizationId: A.orgId, projectId: ap.id, platform: "federated", platformId: "a_us", isDefault: true, credentialsCiphertext: sealed.ciphertext, credentialsKeyId: sealed.keyId },
  });
  aFed.addToken(A_TOKEN, aFed.addAccount({ username: "a_us" }));
  const aCampaign = await db.campaign.create({
    data: { organizationId: A.orgId, projectId: ap.id, name: `A ${uid()}`, platform: "federated", skill: "federated-scout", runner: "cloud", autoPost: true, config: { hashtags: [tag] } },
  });
  const aRun = await db.run.create({ data: { organizationId: A.orgId, campaignId: aCampaign.id, projectId: ap.id, kind: "campaign", runner: "cloud", status: "running", runTokenHash: mintRunToken().hash } });
  a.runId = aRun.id;
  await db.blocklistEntry.createMany({
    data: [
      { organizationId: A.orgId, type: "user", value: a.blockedUser },
      { organizationId: A.orgId, type: "keyword", value: a.keyword },
      { organizationId: A.orgId, type: "community", value: a.blockedCommunity },
      { organizationId: A.orgId, type: "user", value: `${a.blockedUser}@social.example` },
    ],
  });
  await db.contactHistory.createMany({
    data: [
      { organizationId: A.orgId, platform: "forum", targetUser: a.contacted, accountHandle: "a_us", firstContactedAt: new Date(), lastContactedAt: new Date() },
      { organizationId: A.orgId, platform: "federated", targetUser: `${a.contacted}@social.example`, accountHandle: "a_us", firstContactedAt: new Date(), lastContactedAt: new Date() },
    ],
  });
  await db.stagingCandidate.createMany({
    data: [
      { organizationId: A.orgId, runId: aRun.id, platform: "forum", targetUser: "a_candidate", community },
      { organizationId: A.orgId, runId: aRun.id, platform: "forum", targetUser: a.contacted, community },
    ],
  });
  const d = await createDraftRow(A.orgId, { projectId: ap.id, accountId: aAccount.id, campaignId: aCampaign.id, platform: "federated", kind: "dm", targetUser: "someone@social.example" });
  await approveDraft({ orgId: A.orgId, id: d.id, actor: { type: "user", id: A.userId, label: A.username } });
  const approved = await db.draft.findUniqueOrThrow({ where: { id: d.id } });
  a.draftId = approved.id;
  a.draftVersion = approved.version;

  // The platforms hold content that A's rules would filter.
  forum.addPost({ community, author: a.blockedUser, title: "Post by A's blocked user" });
  forum.addPost({ community, author: a.contacted, title: `Mentions ${a.keyword} in passing` });
  forum.addPost({ community: a.blockedCommunity, author: "anyone", title: "In A's blocked community", score: 10 });
  news.addStory({ title: `Story about ${a.keyword} tools`, url: "https://n.example/1", author: a.blockedUser, points: 10 });
  const blockedPerson = fed.addAccount({ username: a.blockedUser, domain: "social.example" });
  const contactedPerson = fed.addAccount({ username: a.contacted, domain: "social.example" });
  fed.addStatus({ account: blockedPerson, content: "<p>hello</p>", tags: [tag] });
  fed.addStatus({ account: contactedPerson, content: `<p>about ${a.keyword}</p>`, tags: [tag] });

  // Organization B: a federated campaign with the same hashtags and autoPost on, and no account credentials.
  const bp = await createProject(B.orgId);
  await db.account.create({ data: { organizationId: B.orgId, projectId: bp.id, platform: "federated", platformId: "b_us", isDefault: true } });
  const bCampaign = await db.campaign.create({
    data: { organizationId: B.orgId, projectId: bp.id, name: `B ${uid()}`, platform: "federated", skill: "federated-scout", runner: "cloud", autoPost: true, config: { hashtags: [tag] } },
  });
  const { token, hash } = mintRunToken();
  const bRun = await db.run.create({ data: { organizationId: B.orgId, campaignId: bCampaign.id, projectId: bp.id, kind: "campaign", runner: "cloud", status: "running", runTokenHash: hash } });
  bRunId = bRun.id;
  const client = await connectToolClient({ runId: bRun.id, token });
  closeB = client.close;
  callB = client.callTool;
});

afterAll(async () => {
  await closeB?.();
  for (const k of ["OUTREACH_FORUM_BASE_URL", "OUTREACH_NEWS_BASE_URL", "OUTREACH_FEDERATED_BASE_URL", "OUTREACH_ALLOW_PRIVATE_HOSTS"]) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
  await Promise.all([forum?.close(), news?.close(), fed?.close(), aFed?.close()]);
});

const aCandidates = () => db.stagingCandidate.findMany({ where: { runId: a.runId }, orderBy: { id: "asc" }, select: { targetUser: true, shortlisted: true, payload: true } });
/** A's staged candidates exactly as created. */
const A_CANDIDATES = [
  { targetUser: "a_candidate", shortlisted: false, payload: {} },
  { targetUser: a.contacted, shortlisted: false, payload: {} },
];

describe("cross-tenant: research tools bound to another organization's run", () => {
  it("tenancy: forum_scout applies B's own blocklist and history, and stages on B's run only", async () => {
    const res = await callB("forum_scout", { communities: [community, a.blockedCommunity] });
    expect(res.isError, res.text).toBe(false);
    const authors = res.json.posts.map((p: { author: string }) => p.author);
    expect(authors.sort()).toEqual(["anyone", a.blockedUser, a.contacted].sort());
    expect(res.json.excluded).toEqual({ blocked: 0, deleted: 0, moderator: 0 });
    expect(res.json.skippedCommunities).toEqual([]);
    expect(res.json.posts.every((p: { recentlyContacted: boolean }) => p.recentlyContacted === false)).toBe(true);
    expect(await db.stagingCandidate.count({ where: { runId: bRunId, organizationId: B.orgId } })).toBe(3);
    expect(await aCandidates()).toEqual(A_CANDIDATES);
  });

  it("tenancy: staging_candidates lists, adds and shortlists B's run only", async () => {
    const list = await callB("staging_candidates", { action: "list" });
    expect(list.text).not.toContain("a_candidate");
    const shortlist = await callB("staging_candidates", { action: "shortlist", targetUsers: ["a_candidate"] });
    expect(shortlist.json).toMatchObject({ updated: 0, notStaged: ["a_candidate"], candidates: [] });
    const added = await callB("staging_candidates", { action: "add", candidates: [{ targetUser: "a_candidate", note: "B's own find" }] });
    expect(added.json.added).toBe(1);
    expect(await db.stagingCandidate.findFirstOrThrow({ where: { runId: bRunId, targetUser: "a_candidate" } })).toMatchObject({ organizationId: B.orgId, platform: "federated" });
    expect(await aCandidates()).toEqual(A_CANDIDATES);
  });

  it("tenancy: subreddit_snapshot is not refused or filtered by A's blocklist", async () => {
    const res = await callB("subreddit_snapshot", { community: a.blockedCommunity });
    expect(res.isError, res.text).toBe(false);
    expect(res.json.topPosts.map((p: { author: string }) => p.author)).toEqual(["anyone"]);
    const shared = await callB("subreddit_snapshot", { community });
    expect(shared.json.topPosts.map((p: { author: string }) => p.author)).toContain(a.blockedUser);
  });

  it("tenancy: news_search is not filtered by A's blocklist", async () => {
    const res = await callB("news_search", { query: a.keyword });
    expect(res.isError, res.text).toBe(false);
    expect(res.json.results.map((r: { author: string }) => r.author)).toEqual([a.blockedUser]);
    expect(res.json.excluded).toEqual({ blocked: 0 });
  });

  it("tenancy: federated_scout never uses A's account or rules", async () => {
    const aRequests = aFed.requests.length;
    const res = await callB("federated_scout");
    expect(res.isError, res.text).toBe(false);
    expect(res.json.instance).toBe(fed.url);
    expect(res.json.statuses.map((s: { author: { acct: string } }) => s.author.acct).sort()).toEqual(
      [`${a.blockedUser}@social.example`, `${a.contacted}@social.example`].sort(),
    );
    expect(res.json.statuses.every((s: { recentlyContacted: boolean }) => !s.recentlyContacted)).toBe(true);
    expect(res.json.excluded).toEqual({ bots: 0, noBot: 0, blocked: 0 });
    expect(aFed.requests.length).toBe(aRequests);
    expect(fed.requests.some((r) => (r.headers.authorization ?? "").includes(A_TOKEN))).toBe(false);
    expect(await aCandidates()).toEqual(A_CANDIDATES);
  });

  it("tenancy: federated_post cannot post or reveal A's approved draft", async () => {
    const res = await callB("federated_post", { draftId: a.draftId });
    expect(res).toMatchObject({ isError: true, text: `not_found: Draft ${a.draftId} not found` });
    // A missing draft reads the same.
    expect(await callB("federated_post", { draftId: 2_000_000_000 })).toMatchObject({ isError: true, text: "not_found: Draft 2000000000 not found" });
    expect(aFed.received).toEqual([]);
    expect(fed.received).toEqual([]);
    const draft = await db.draft.findUniqueOrThrow({ where: { id: a.draftId } });
    expect([draft.state, draft.version]).toEqual(["approved", a.draftVersion]);
    expect((await db.draftEvent.findMany({ where: { draftId: a.draftId } })).map((e) => e.event)).toEqual(["approved"]);
  });
});
