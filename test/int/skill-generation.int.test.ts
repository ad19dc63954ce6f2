// Campaign tuning and profile generation, end to end: the routes start a campaign_skill_generation run, a real
// agent process (the scripted fake) reads the campaign through skill_generate_start and submits a profile with
// skill_generate_finish; preview runs wait for Adopt or Discard, apply runs write the profile directly.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { call } from "./http";
import { createAccountRow, createOrg, createProject, VALID_PROFILE, type OrgFixture } from "./fixtures";
import { FAKE_SLUG, registerFakeBackends, scriptOrgPlaybook, serveToolServer, toolResults, waitForRunEnd } from "./agent-harness";
import { getCampaignReadiness } from "@/lib/campaigns/get-campaign-readiness";
import * as skillRuns from "@/app/api/campaigns/[id]/skill-runs/route";
import * as skillRun from "@/app/api/campaigns/[id]/skill-runs/[runId]/route";
import * as adopt from "@/app/api/campaigns/[id]/skill-runs/[runId]/adopt/route";
import * as discard from "@/app/api/campaigns/[id]/skill-runs/[runId]/discard/route";

let A: OrgFixture;
let projectId: number;
let tools: { close: () => Promise<void> };

const OLD = { ...VALID_PROFILE, tone: "Friendly", maxDraftsPerRun: 3 };
const NEW = { ...VALID_PROFILE, tone: "Plain, first person, no exclamation marks", communities: ["devops", "sre"], maxDraftsPerRun: 6 };

beforeAll(async () => {
  await registerFakeBackends();
  tools = await serveToolServer();
  A = await createOrg();
  projectId = (await createProject(A.orgId)).id;
  await createAccountRow(A.orgId, projectId);
  await scriptOrgPlaybook(A.orgId, "campaign-skill-generator", {
    steps: [
      { tool: "skill_generate_start" },
      { sleep: 300 },
      { tool: "skill_generate_finish", args: { config: { audience: "x", communities: ["r/devops"] } } },
      { tool: "skill_generate_finish", args: { config: NEW } },
    ],
  });
});
afterAll(() => tools.close());

async function campaign(config: object = OLD, state: "draft" | "active" = "draft", runner = FAKE_SLUG) {
  return db.campaign.create({ data: { organizationId: A.orgId, projectId, name: `Tune ${Math.random()}`, platform: "forum", skill: "forum-scout", runner, config, state } });
}
const ids = (campaignId: number, runId?: number) => ({ id: String(campaignId), ...(runId ? { runId: String(runId) } : {}) });
const start = (campaignId: number, mode?: string) =>
  call(skillRuns.POST, { method: "POST", cookie: A.cookie, params: ids(campaignId), body: mode ? { mode } : {} });

describe("campaign tuning (preview mode)", () => {
  it("keeps the generated profile on the run, leaves the config alone, and Adopt copies it and activates the campaign", async () => {
    const c = await campaign();
    const res = await start(c.id, "preview");
    expect(res.status).toBe(202);
    // While it runs the banner says so, and a second click answers the live run.
    const readiness = await getCampaignReadiness({ orgId: A.orgId, campaignId: c.id });
    expect(readiness).toMatchObject({ generatingProfile: true, inProgress: [{ code: "generating_profile", runId: res.json.runId }] });
    expect((await start(c.id, "preview")).json).toEqual({ runId: res.json.runId, alreadyRunning: true });

    const run = await waitForRunEnd(res.json.runId);
    expect(run).toMatchObject({ status: "success", kind: "campaign_skill_generation", playbookSlug: "campaign-skill-generator", campaignId: c.id });
    expect(run.params).toMatchObject({ mode: "preview", previousConfig: OLD, generatedConfig: NEW });
    expect((await db.campaign.findUniqueOrThrow({ where: { id: c.id } })).config).toEqual(OLD);

    // The agent saw the campaign and the schema; the invalid profile was refused with reasons it can act on.
    const results = await toolResults(run.id);
    expect(results.map((r) => r.status)).toEqual(["completed", "failed", "completed"]);
    const context = JSON.parse(results[0]!.text);
    expect(context).toMatchObject({ mode: "preview", campaign: { id: c.id, config: OLD, skill: "forum-scout" }, profileSchema: { type: "object" } });
    expect(context.profileSchema.required).toEqual(expect.arrayContaining(["audience", "communities", "tone", "offer", "maxDraftsPerRun"]));
    expect(results[1]!.text).toMatch(/^bad_request: The profile does not match/);
    expect(results[1]!.text).toMatch(/communities/);

    const list = await call(skillRuns.GET, { cookie: A.cookie, params: ids(c.id) });
    expect(list.json.runs).toEqual([expect.objectContaining({ id: run.id, status: "success", mode: "preview", outcome: "awaiting_decision", hasGeneratedConfig: true })]);
    const detail = await call(skillRun.GET, { cookie: A.cookie, params: ids(c.id, run.id) });
    expect(detail.json).toMatchObject({ previousConfig: OLD, generatedConfig: NEW });

    const adopted = await call(adopt.POST, { method: "POST", cookie: A.cookie, params: ids(c.id, run.id) });
    expect(adopted.status).toBe(200);
    expect(adopted.json.campaign).toMatchObject({ state: "active", config: NEW });
    expect(adopted.json.run).toMatchObject({ outcome: "adopted" });
    expect((await db.run.findUniqueOrThrow({ where: { id: run.id } })).params).toMatchObject({ adopted: true, generatedConfig: NEW });
    // Decided once.
    expect((await call(adopt.POST, { method: "POST", cookie: A.cookie, params: ids(c.id, run.id) })).status).toBe(409);
    expect((await call(discard.POST, { method: "POST", cookie: A.cookie, params: ids(c.id, run.id) })).status).toBe(409);
  });

  it("Discard marks the run and leaves the config and state untouched; View diff still has both configs", async () => {
    const c = await campaign(OLD, "draft");
    const res = await start(c.id);
    const run = await waitForRunEnd(res.json.runId);
    const out = await call(discard.POST, { method: "POST", cookie: A.cookie, params: ids(c.id, run.id) });
    expect(out.status).toBe(200);
    expect(out.json.campaign).toMatchObject({ state: "draft", config: OLD });
    expect((await db.run.findUniqueOrThrow({ where: { id: run.id } })).params).toMatchObject({ discarded: true });
    expect((await call(skillRun.GET, { cookie: A.cookie, params: ids(c.id, run.id) })).json).toMatchObject({ outcome: "discarded", previousConfig: OLD, generatedConfig: NEW });
  });

  it("apply mode (Generate profile, Profile Regenerate) writes the profile directly; there is nothing to adopt", async () => {
    const c = await campaign({});
    expect((await getCampaignReadiness({ orgId: A.orgId, campaignId: c.id })).blocking.map((b) => b.code)).toContain("profile_missing");
    const res = await start(c.id, "apply");
    const run = await waitForRunEnd(res.json.runId);
    expect(run.params).toMatchObject({ mode: "apply", applied: true, generatedConfig: NEW });
    expect(await db.campaign.findUniqueOrThrow({ where: { id: c.id } })).toMatchObject({ config: NEW, state: "draft" });
    expect((await getCampaignReadiness({ orgId: A.orgId, campaignId: c.id })).blocking).toEqual([]);
    const refused = await call(adopt.POST, { method: "POST", cookie: A.cookie, params: ids(c.id, run.id) });
    expect(refused.status).toBe(409);
    expect(refused.json.message).toMatch(/directly/);
  });

  it("a profile that does not match the skill schema blocks the campaign", async () => {
    const c = await campaign({ audience: "Somebody", communities: ["r/devops"] });
    const r = await getCampaignReadiness({ orgId: A.orgId, campaignId: c.id });
    expect(r.blocking.map((b) => b.code)).toEqual(["profile_invalid"]);
    expect(r.blocking[0]!.message).toMatch(/communities/);
    expect(r.blocking[0]!.action).toEqual({ label: "Generate profile", action: "generate_profile" });
  });

  it("a run still going, a failed run and a foreign run cannot be adopted", async () => {
    const c = await campaign();
    const failed = await db.run.create({ data: { organizationId: A.orgId, campaignId: c.id, kind: "campaign_skill_generation", runner: FAKE_SLUG, status: "failed", params: { mode: "preview", previousConfig: OLD } } });
    expect((await call(adopt.POST, { method: "POST", cookie: A.cookie, params: ids(c.id, failed.id) })).status).toBe(409);
    const other = await campaign();
    expect((await call(adopt.POST, { method: "POST", cookie: A.cookie, params: ids(other.id, failed.id) })).status).toBe(404);
    expect((await db.campaign.findUniqueOrThrow({ where: { id: other.id } })).config).toEqual(OLD);
  });

  it("lists the last 20 generations, newest first", async () => {
    const c = await campaign();
    await db.run.createMany({
      data: Array.from({ length: 23 }, (_, i) => ({
        organizationId: A.orgId, campaignId: c.id, kind: "campaign_skill_generation", runner: FAKE_SLUG, status: "success" as const,
        params: i % 2 ? { mode: "preview", generatedConfig: NEW, discarded: true } : { mode: "apply", generatedConfig: NEW, applied: true },
      })),
    });
    const runs = (await call(skillRuns.GET, { cookie: A.cookie, params: ids(c.id) })).json.runs as Array<{ id: number; outcome: string }>;
    expect(runs).toHaveLength(20);
    expect(runs.map((r) => r.id)).toEqual([...runs.map((r) => r.id)].sort((x, y) => y - x));
    expect(new Set(runs.map((r) => r.outcome))).toEqual(new Set(["discarded", "applied"]));
  });

  it("refuses a runner that is not installed, starting nothing", async () => {
    const c = await campaign(OLD, "draft", "cloud");
    const res = await start(c.id, "preview");
    expect(res.status).toBe(422);
    expect(res.json.error).toBe("runner_unavailable");
    expect(await db.run.count({ where: { campaignId: c.id } })).toBe(0);
  });

  it("the skill tools refuse a run of another kind", async () => {
    const c = await campaign();
    const { startCampaignRun } = await import("@/lib/runs/start-campaign-run");
    const pb = await scriptOrgPlaybook(A.orgId, `wrong-kind-${c.id}`, { steps: [{ tool: "skill_generate_start" }, { tool: "skill_generate_finish", args: { config: NEW } }, { tool: "run_finish" }] });
    await db.campaign.update({ where: { id: c.id }, data: { playbookId: pb.id, config: VALID_PROFILE } });
    const started = await startCampaignRun({ orgId: A.orgId, campaignId: c.id });
    await started.done;
    const results = await toolResults(started.runId);
    expect(results.map((r) => r.status)).toEqual(["failed", "failed", "completed"]);
    expect(results[0]!.text).toMatch(/^conflict: skill_generate_start belongs to campaign_skill_generation runs/);
    expect((await db.campaign.findUniqueOrThrow({ where: { id: c.id } })).config).toEqual(VALID_PROFILE);
  });
});
