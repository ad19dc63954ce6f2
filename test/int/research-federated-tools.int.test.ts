// federated_scout through a real MCP client against a loopback fake of a federated instance (bots and #nobot accounts
// never come back), and a federated scout run end to end through a real (scripted) agent process.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { startCampaignRun } from "@/lib/runs/start-campaign-run";
import * as mcpRoute from "@/app/api/mcp/route";
import * as fakeFederated from "../fakes/fake-federated";
import { createOrg, createProject, uid, type OrgFixture } from "./fixtures";
import { FAKE_SLUG, registerFakeBackends, scriptOrgPlaybook, serveRoute } from "./agent-harness";
import { campaignRun, staged, useResearchWorld, type ResearchWorld } from "./research-harness";

const world = useResearchWorld();
let A: OrgFixture;
let fed: ResearchWorld["fed"];
// Runs after the world's own beforeAll (hooks run in the order they were registered).
beforeAll(() => {
  ({ A, fed } = world);
});

describe("federated_scout never returns a bot or a #nobot account", () => {
  const tag = `selfhosted${uid()}`;
  let r: Awaited<ReturnType<typeof campaignRun>>;
  let annStatus: fakeFederated.FakeStatus;

  beforeAll(async () => {
    r = await campaignRun(A, { platform: "federated", config: { communities: [`#${tag}`] } });
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
    // Another instance on loopback is a private host: allowed here as a self-hosted operator would
    // (network-guard.int.test.ts proves it is refused otherwise).
    process.env.OUTREACH_ALLOW_PRIVATE_HOSTS = "on";
    try {
      const person = other.addAccount({ username: "ida", domain: "far.example" });
      other.addStatus({ account: person, content: "<p>hello</p>", tags: ["elsewhere"] });
      const own = await campaignRun(A, { platform: "federated", credentials: { instanceUrl: `${other.url}/`, accessToken: "tok-read-1" } });
      const res = await own.call("federated_scout", { hashtags: ["elsewhere"] });
      expect(res.isError, res.text).toBe(false);
      expect(res.json.instance).toBe(other.url);
      expect(res.json.statuses.map((s: { author: { acct: string } }) => s.author.acct)).toEqual(["ida@far.example"]);
      expect(other.requests.at(-1)!.headers.authorization).toBe("Bearer tok-read-1");
      await own.close();
    } finally {
      delete process.env.OUTREACH_ALLOW_PRIVATE_HOSTS;
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
