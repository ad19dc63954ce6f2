// Campaign state, the list's filters and overview, and what the campaign forms send, through the real routes.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import * as campaigns from "@/app/api/campaigns/route";
import * as campaign from "@/app/api/campaigns/[id]/route";
import { campaignFormState, campaignPatchFrom } from "@/lib/campaigns/campaign-form-state";
import { countCampaignsByState } from "@/lib/campaigns/count-campaigns-by-state";
import { listCampaignOverview } from "@/lib/campaigns/list-campaign-overview";
import { pickerToCron } from "@/lib/campaigns/schedule-picker";
import { profileToConfig, splitProfile } from "@/lib/campaigns/profile-form";
import { profileProblems } from "@/lib/skill-generation/profile-schema";
import { call } from "./http";
import { createDraftRow, createOrg, createProject, uid, VALID_PROFILE, type OrgFixture } from "./fixtures";

let A: OrgFixture;
let B: OrgFixture;
beforeAll(async () => {
  [A, B] = await Promise.all([createOrg(), createOrg()]);
});

async function create(org: OrgFixture, body: Record<string, unknown>) {
  const res = await call(campaigns.POST, { cookie: org.cookie, method: "POST", body: { platform: "forum", skill: "forum-scout", name: `C ${uid()}`, ...body } });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json as { id: number; name: string; state: "draft" | "active" | "paused"; cron: string | null; runner: string; autoPost: boolean; config: Record<string, unknown>; nextRunAt: string | null };
}

const patch = (org: OrgFixture, id: number, body: Record<string, unknown>) =>
  call(campaign.PATCH, { cookie: org.cookie, method: "PATCH", params: { id: String(id) }, body });
const read = async (org: OrgFixture, id: number) => (await call(campaign.GET, { cookie: org.cookie, params: { id: String(id) } })).json;
const list = async (org: OrgFixture, query: string) => {
  const res = await call(campaigns.GET, { cookie: org.cookie, path: `/api/campaigns?${query}` });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return (res.json.campaigns as Array<{ id: number }>).map((c) => c.id);
};

describe("a new campaign starts on its schedule when its creator says so", () => {
  it("state active with a cron: on the schedule at once, its first slot ahead; without a state it is not started", async () => {
    const p = await createProject(A.orgId);
    const started = await create(A, { projectId: p.id, cron: "0 9 * * 1-5", state: "active", config: VALID_PROFILE });
    expect(started.state).toBe("active");
    expect(new Date(started.nextRunAt!).getTime()).toBeGreaterThan(Date.now());
    const later = await create(A, { projectId: p.id, cron: "0 9 * * 1-5", config: VALID_PROFILE });
    expect(later).toMatchObject({ state: "draft", nextRunAt: null });
    // Paused is for a campaign that has run; a new one is started or not.
    const paused = await call(campaigns.POST, { cookie: A.cookie, method: "POST", body: { projectId: p.id, platform: "forum", skill: "forum-scout", name: `C ${uid()}`, state: "paused" } });
    expect(paused.status).toBe(400);
  });

  it("Home counts a campaign that has not started in words that cannot be read as a message", async () => {
    const org = await createOrg();
    const p = await createProject(org.orgId);
    await create(org, { projectId: p.id });
    const { describeStateCounts } = await import("@/lib/campaigns/campaign-state");
    expect(describeStateCounts(await countCampaignsByState({ orgId: org.orgId }))).toBe("1 not started");
  });
});

describe("one state for a campaign", () => {
  it("pause, then save a rename from an edit form opened before the pause: the campaign stays paused everywhere", async () => {
    const p = await createProject(A.orgId);
    const c = await create(A, { projectId: p.id, cron: "0 9 * * 1-5", config: VALID_PROFILE });
    expect((await patch(A, c.id, { state: "active" })).status).toBe(200);
    // The page is loaded: the edit form holds the campaign as it was (active).
    const opened = campaignFormState(await read(A, c.id));
    expect(opened.state).toBe("active");

    // Pause schedule, from the Schedule card.
    expect((await patch(A, c.id, { state: "paused" })).json).toMatchObject({ state: "paused", nextRunAt: null });

    // The form, still showing what it loaded, saves a new name.
    const body = campaignPatchFrom(opened, { ...opened, name: "Renamed while paused" });
    expect(body).toEqual({ name: "Renamed while paused" });
    expect((await patch(A, c.id, body)).status).toBe(200);

    expect(await read(A, c.id)).toMatchObject({ name: "Renamed while paused", state: "paused", nextRunAt: null, cron: "0 9 * * 1-5", config: VALID_PROFILE });
    // The list's filter and Home's counts say the same.
    expect(await list(A, `projectId=${p.id}&state=paused`)).toEqual([c.id]);
    expect(await list(A, `projectId=${p.id}&state=active`)).toEqual([]);
    expect((await countCampaignsByState({ orgId: A.orgId })).paused).toBeGreaterThanOrEqual(1);

    // The refreshed page's form shows Paused; choosing Active there is a change it sends: Resume, with the next slot back.
    const refreshed = campaignFormState(await read(A, c.id));
    expect(refreshed.state).toBe("paused");
    const resumed = campaignPatchFrom(refreshed, { ...refreshed, state: "active" });
    expect(resumed).toEqual({ state: "active" });
    const after = (await patch(A, c.id, resumed)).json;
    expect(after.state).toBe("active");
    expect(new Date(after.nextRunAt).getTime()).toBeGreaterThan(Date.now());
  });

  it("only an active campaign has a next slot: a new draft has none, a paused one keeps none through a cron change", async () => {
    const p = await createProject(A.orgId);
    const c = await create(A, { projectId: p.id, cron: "*/5 * * * *" });
    expect(c).toMatchObject({ state: "draft", nextRunAt: null });
    const active = (await patch(A, c.id, { state: "active" })).json;
    expect(active.nextRunAt).not.toBeNull();
    expect((await patch(A, c.id, { state: "paused" })).json.nextRunAt).toBeNull();
    expect((await patch(A, c.id, { cron: "0 9 * * *" })).json).toMatchObject({ state: "paused", nextRunAt: null, cron: "0 9 * * *" });
    const back = (await patch(A, c.id, { state: "active" })).json;
    expect(new Date(back.nextRunAt).getUTCHours()).toBe(9);
  });

  it("Home's counts keep active, paused and drafts apart", async () => {
    const org = await createOrg();
    const p = await createProject(org.orgId);
    const [a, b] = [await create(org, { projectId: p.id }), await create(org, { projectId: p.id }), await create(org, { projectId: p.id })];
    await patch(org, a.id, { state: "active" });
    await patch(org, b.id, { state: "paused" });
    expect(await countCampaignsByState({ orgId: org.orgId })).toEqual({ draft: 1, active: 1, paused: 1 });
    expect(await countCampaignsByState({ orgId: B.orgId })).toEqual({ draft: 0, active: 0, paused: 0 });
  });
});

describe("names", () => {
  it("a name the project already has is refused with a sentence, on create and on rename, and nothing changes", async () => {
    const p = await createProject(A.orgId);
    const first = await create(A, { projectId: p.id, name: "Weekly scout" });
    const second = await create(A, { projectId: p.id, name: "Daily scout" });
    const dup = await call(campaigns.POST, { cookie: A.cookie, method: "POST", body: { projectId: p.id, name: "Weekly scout", platform: "forum", skill: "forum-scout" } });
    expect(dup.status).toBe(409);
    expect(dup.json).toEqual({ error: "conflict", message: 'This project already has a campaign named "Weekly scout". Choose another name.' });
    const rename = await patch(A, second.id, { name: "Weekly scout" });
    expect(rename.status).toBe(409);
    expect(rename.json.message).toBe('This project already has a campaign named "Weekly scout". Choose another name.');
    expect(await list(A, `projectId=${p.id}`)).toEqual([second.id, first.id]);
    expect((await read(A, second.id)).name).toBe("Daily scout");
  });
});

describe("the edit form's save", () => {
  it("sends only what changed, keeps the profile's unknown keys, and a schedule picked in Tokyo is stored in UTC", async () => {
    const p = await createProject(A.orgId);
    const c = await create(A, { projectId: p.id, config: { ...VALID_PROFILE, language: "en" } });
    const opened = campaignFormState(await read(A, c.id));
    expect(opened.extraJson).toBe('{\n  "language": "en"\n}');
    const cron = pickerToCron({ kind: "weekdays", time: "08:00", weekday: 1, every: 4 }, "Asia/Tokyo");
    const body = campaignPatchFrom(opened, { ...opened, cron, profile: { ...opened.profile, tone: "Warm and brief" } });
    expect(body).toEqual({ cron: "0 23 * * 0-4", config: { ...VALID_PROFILE, tone: "Warm and brief", language: "en" } });
    expect((await patch(A, c.id, body)).json).toMatchObject({ cron: "0 23 * * 0-4", config: { ...VALID_PROFILE, tone: "Warm and brief", language: "en" } });
    // Nothing changed: nothing to send.
    const again = campaignFormState(await read(A, c.id));
    expect(campaignPatchFrom(again, again)).toEqual({});
  });

  it("a profile written in the new-campaign form matches the skill schema the banner and the agent use", async () => {
    const p = await createProject(A.orgId);
    const { values } = splitProfile({});
    const config = profileToConfig(
      { ...values, audience: "Indie developers", communities: ["#selfhosted"], tone: "Plain", offer: "A small sync tool", rules: [{ text: "No links" }], maxDraftsPerRun: 3 },
      { signature: "— Ann" },
    );
    const c = await create(A, { projectId: p.id, platform: "federated", skill: "federated-poster", config });
    expect(c.config).toEqual({ audience: "Indie developers", communities: ["#selfhosted"], tone: "Plain", offer: "A small sync tool", rules: ["No links"], maxDraftsPerRun: 3, signature: "— Ann" });
    expect(profileProblems("federated", c.config)).toEqual([]);
  });
});

describe("the Campaigns list", () => {
  let p1: { id: number };
  let p2: { id: number };
  let ids: { scout: number; poster: number; quiet: number };
  let tag: string;
  beforeAll(async () => {
    p1 = await createProject(A.orgId);
    p2 = await createProject(A.orgId);
    tag = uid();
    const scout = await create(A, { projectId: p1.id, name: `Weekly Scout ${tag}` });
    const poster = await create(A, { projectId: p2.id, name: `Hashtag poster ${tag}`, platform: "federated", skill: "federated-poster" });
    const quiet = await create(A, { projectId: p1.id, name: `Quiet scout ${tag}`, cron: "0 9 * * *" });
    await patch(A, scout.id, { state: "active" });
    await patch(A, quiet.id, { state: "paused" });
    ids = { scout: scout.id, poster: poster.id, quiet: quiet.id };
  });

  it("filters by name (any case), project, state and platform, and combines them", async () => {
    expect((await list(A, `q=${encodeURIComponent(`scout ${tag}`)}`)).sort()).toEqual([ids.scout, ids.quiet].sort());
    expect(await list(A, `q=WEEKLY%20SCOUT%20${tag}`)).toEqual([ids.scout]);
    expect(await list(A, `projectId=${p2.id}&platform=federated`)).toEqual([ids.poster]);
    expect(await list(A, `projectId=${p1.id}&state=paused`)).toEqual([ids.quiet]);
    expect(await list(A, `q=${tag}&platform=federated`)).toEqual([ids.poster]);
    expect(await list(A, `q=${tag}&platform=forum&state=draft`)).toEqual([]);
    // % and _ are searched for as typed, not as wildcards.
    const pct = await create(A, { projectId: p2.id, name: `100% ${tag}` });
    const under = await create(A, { projectId: p2.id, name: `a_b ${tag}` });
    await create(A, { projectId: p2.id, name: `axb ${tag}` });
    expect(await list(A, `q=${encodeURIComponent(`% ${tag}`)}`)).toEqual([pct.id]);
    expect(await list(A, `q=${encodeURIComponent(`a_b ${tag}`)}`)).toEqual([under.id]);
    // Another organization's search and filters never reach A's campaigns, even naming A's project.
    const theirs = await create(B, { projectId: (await createProject(B.orgId)).id, name: `Weekly scout ${tag}` });
    expect(await list(B, `q=${tag}`)).toEqual([theirs.id]);
    expect(await list(B, `projectId=${p1.id}&state=paused`)).toEqual([]);
  });

  it("shows each campaign's last campaign run and the drafts waiting for review, and nothing of another organization", async () => {
    const t = Date.now();
    const run = (orgId: number, campaignId: number, extra: Record<string, unknown>) =>
      db.run.create({ data: { organizationId: orgId, campaignId, kind: "campaign", status: "success", runner: "cloud", playbookSlug: "forum-scout", trigger: "manual", ...extra } });
    await run(A.orgId, ids.scout, { startedAt: new Date(t - 60_000), createdAt: new Date(t - 60_000), finishedAt: new Date(t - 50_000) });
    const failed = await run(A.orgId, ids.scout, { status: "failed", failureReason: "auth_expired", startedAt: new Date(t - 30_000), createdAt: new Date(t - 30_000), finishedAt: new Date(t - 20_000) });
    // A profile generation is not the campaign's last run; another organization's run naming the campaign never shows.
    await run(A.orgId, ids.scout, { kind: "campaign_skill_generation", startedAt: new Date(t - 1000), createdAt: new Date(t - 1000) });
    await run(B.orgId, ids.scout, { startedAt: new Date(t), createdAt: new Date(t) });
    await createDraftRow(A.orgId, { campaignId: ids.scout });
    await createDraftRow(A.orgId, { campaignId: ids.scout });
    await createDraftRow(A.orgId, { campaignId: ids.scout, state: "approved" });
    await createDraftRow(B.orgId, { campaignId: ids.scout });

    const rows = await listCampaignOverview({ orgId: A.orgId, projectId: p1.id });
    const scout = rows.find((r) => r.id === ids.scout)!;
    expect(scout.lastRun).toMatchObject({ id: failed.id, status: "failed", failureReason: "auth_expired" });
    expect(scout.draftsAwaitingReview).toBe(2);
    expect(rows.find((r) => r.id === ids.quiet)).toMatchObject({ lastRun: null, draftsAwaitingReview: 0, state: "paused", nextRunAt: null });
    // B's list has none of it, with or without A's project as a filter.
    expect(await listCampaignOverview({ orgId: B.orgId, projectId: p1.id })).toEqual([]);
  });
});
