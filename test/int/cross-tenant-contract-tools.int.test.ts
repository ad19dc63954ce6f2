// Tenancy of the regeneration and skill-generation tools: a run of organization B whose params or campaign point at
// organization A's rows (as a forged or corrupted row would) cannot read, change or reveal them.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { mintRunToken } from "@/lib/runs/run-token";
import { createCampaignRow, createDraftRow, createOrg, createProject, VALID_PROFILE, type OrgFixture } from "./fixtures";
import { connectToolClient } from "./tool-client";

let A: OrgFixture;
let B: OrgFixture;
let aDraftId: number;
let aCampaignId: number;

beforeAll(async () => {
  [A, B] = await Promise.all([createOrg(), createOrg()]);
  const p = await createProject(A.orgId);
  const c = await createCampaignRow(A.orgId, p.id);
  await db.campaign.update({ where: { id: c.id }, data: { config: { ...VALID_PROFILE, audience: "A's secret audience" } } });
  aCampaignId = c.id;
  aDraftId = (await createDraftRow(A.orgId, { projectId: p.id, campaignId: c.id, body: "A's private draft body" })).id;
});

/** A tool client bound to a live run of organization B with the given row fields. */
async function bRun(data: { kind: string; campaignId?: number | null; params?: object }) {
  const { token, hash } = mintRunToken();
  const run = await db.run.create({ data: { organizationId: B.orgId, runner: "cloud", status: "running", runTokenHash: hash, campaignId: null, ...data } });
  const { callTool } = await connectToolClient({ runId: run.id, token });
  return { run, callTool };
}

async function expectADraftUntouched() {
  expect(await db.draft.findUniqueOrThrow({ where: { id: aDraftId } })).toMatchObject({ body: "A's private draft body", version: 1, previousBody: null });
  expect(await db.draftEvent.count({ where: { draftId: aDraftId } })).toBe(0);
}

describe("cross-tenant: contract tools", () => {
  it("tenancy: draft_regen_start does not read another organization's draft", async () => {
    const { callTool } = await bRun({ kind: "draft_regeneration", params: { draftId: aDraftId } });
    const { isError, text } = await callTool("draft_regen_start");
    expect(isError).toBe(true);
    expect(text).toMatch(/^not_found/);
    expect(text).not.toContain("private");
  });

  it("tenancy: draft_regen_finish does not overwrite another organization's draft", async () => {
    const { run, callTool } = await bRun({ kind: "draft_regeneration", params: { draftId: aDraftId } });
    const { isError, text } = await callTool("draft_regen_finish", { body: "B was here", qualityScore: 99 });
    expect(isError).toBe(true);
    expect(text).toMatch(/^not_found/);
    await expectADraftUntouched();
    expect((await db.run.findUniqueOrThrow({ where: { id: run.id } })).status).toBe("running");
  });

  it("tenancy: skill_generate_start does not read another organization's campaign", async () => {
    const { callTool } = await bRun({ kind: "campaign_skill_generation", campaignId: aCampaignId, params: { mode: "preview" } });
    const { isError, text } = await callTool("skill_generate_start");
    expect(isError).toBe(true);
    expect(text).toMatch(/^not_found/);
    expect(text).not.toContain("secret audience");
  });

  it("tenancy: skill_generate_finish does not write another organization's campaign", async () => {
    const { run, callTool } = await bRun({ kind: "campaign_skill_generation", campaignId: aCampaignId, params: { mode: "apply" } });
    const { isError } = await callTool("skill_generate_finish", { config: { ...VALID_PROFILE, audience: "Rewritten by B" } });
    expect(isError).toBe(true);
    expect((await db.campaign.findUniqueOrThrow({ where: { id: aCampaignId } })).config).toMatchObject({ audience: "A's secret audience" });
    expect((await db.run.findUniqueOrThrow({ where: { id: run.id } })).status).toBe("running");
  });
});
