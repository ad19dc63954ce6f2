// Tenancy of skill_review_history: bound to a generation run of organization B, the tool answers B's campaign only,
// never A's drafts, reasons, edits or replies; skill_generate_finish refuses a rationale naming A's drafts. The
// coverage check in cross-tenant-tools.int.test.ts finds these cases by their names ("tenancy: <tool> ...").
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { mintRunToken } from "@/lib/runs/run-token";
import { createCampaignRow, createDraftRow, createOrg, createProject, VALID_PROFILE, type OrgFixture } from "./fixtures";
import { connectToolClient } from "./tool-client";

let A: OrgFixture;
let B: OrgFixture;
const SECRET = { body: "A's private draft about the unreleased pricing", reason: "A's reviewer: never mention the pricing leak" };
let a: { campaignId: number; draftId: number };
let b: { campaignId: number; draftId: number };

beforeAll(async () => {
  [A, B] = await Promise.all([createOrg(), createOrg()]);
  const seed = async (orgId: number, body: string, reason: string) => {
    const project = await createProject(orgId);
    const campaign = await createCampaignRow(orgId, project.id);
    const draft = await createDraftRow(orgId, { projectId: project.id, campaignId: campaign.id, state: "rejected", body, qualityScore: 40 });
    await db.draftEvent.create({ data: { organizationId: orgId, draftId: draft.id, event: "rejected", actorType: "user", actorLabel: "rev", details: { reason } } });
    return { campaignId: campaign.id, draftId: draft.id };
  };
  a = await seed(A.orgId, SECRET.body, SECRET.reason);
  b = await seed(B.orgId, "B's ordinary draft", "B: too long");
});

async function bound(orgId: number, campaignId: number) {
  const { token, hash } = mintRunToken();
  const run = await db.run.create({ data: { organizationId: orgId, campaignId, kind: "campaign_skill_generation", runner: "cloud", status: "running", runTokenHash: hash, params: { mode: "preview" } } });
  const client = await connectToolClient({ runId: run.id, token });
  const callTool = async (name: string, args: Record<string, unknown> = {}) => {
    const res = await client.callTool(name, args);
    await client.close();
    return { ...res, runId: run.id };
  };
  return { callTool };
}

describe("cross-tenant: the review history tool bound to another organization's run", () => {
  it("tenancy: skill_review_history answers the run's own campaign only, never another organization's drafts or reasons", async () => {
    const { isError, text } = await (await bound(B.orgId, b.campaignId)).callTool("skill_review_history", { weeks: 52, limit: 50 });
    expect(isError).toBe(false);
    const history = JSON.parse(text);
    expect(history.campaign.id).toBe(b.campaignId);
    expect(history.rejections.map((r: { draftId: number }) => r.draftId)).toEqual([b.draftId]);
    expect(text).not.toContain(SECRET.body);
    expect(text).not.toContain(SECRET.reason);
    // A run of another kind (a campaign run of A) is refused: the history belongs to profile generation.
    const { token, hash } = mintRunToken();
    const run = await db.run.create({ data: { organizationId: A.orgId, campaignId: a.campaignId, kind: "campaign", runner: "cloud", status: "running", runTokenHash: hash } });
    const client = await connectToolClient({ runId: run.id, token });
    const refused = await client.callTool("skill_review_history", {});
    await client.close();
    expect(refused.isError).toBe(true);
    expect(refused.text).toMatch(/^conflict: skill_review_history belongs to campaign_skill_generation runs/);
  });

  it("tenancy: skill_generate_finish refuses a rationale that names another organization's draft, and stores nothing", async () => {
    const { isError, text, runId } = await (await bound(B.orgId, b.campaignId)).callTool("skill_generate_finish", {
      config: VALID_PROFILE,
      rationale: [{ field: "rules", change: "No pricing talk", draftIds: [a.draftId] }],
    });
    expect(isError).toBe(true);
    expect(text).toBe(`bad_request: rationale names drafts that are not this campaign's: ${a.draftId}. Use draftId values from skill_review_history.`);
    const run = await db.run.findUniqueOrThrow({ where: { id: runId } });
    expect(run.status).toBe("running");
    expect(run.params).toEqual({ mode: "preview" });
  });
});
