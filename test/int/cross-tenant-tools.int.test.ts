// Tenancy of the agent tool server: every tool, called through a real MCP client with the binding of a run of
// organization B (or of another campaign of A), cannot read, change or reveal A's rows. The last test fails when the
// server registers a tool without a case, here or in another cross-tenant-*.int.test.ts file. The routes have theirs in cross-tenant.int.test.ts.
import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { mintRunToken } from "@/lib/runs/run-token";
import { createAccountRow, createBlocklistRow, createCampaignRow, createDraftRow, createOrg, createProject, createTemplateRow, type OrgFixture } from "./fixtures";
import { connectToolClient, type ToolClient } from "./tool-client";

let A: OrgFixture;
let B: OrgFixture;
let a: { projectId: number; accountId: number; campaignId: number; globalBlockId: number; projectName: string; draftId: number };

beforeAll(async () => {
  [A, B] = await Promise.all([createOrg(), createOrg()]);
  const p = await createProject(A.orgId);
  const [acc, camp, , gblk] = await Promise.all([
    createAccountRow(A.orgId, p.id),
    createCampaignRow(A.orgId, p.id),
    createTemplateRow(A.orgId, p.id),
    createBlocklistRow(A.orgId, null),
  ]);
  const d = await createDraftRow(A.orgId, { projectId: p.id, accountId: acc.id, campaignId: camp.id });
  a = { projectId: p.id, accountId: acc.id, campaignId: camp.id, globalBlockId: gblk.id, projectName: p.name, draftId: d.id };
});

/** A's draft is exactly as created: no state change, no edit, no event. */
async function expectUntouched() {
  const d = await db.draft.findUniqueOrThrow({ where: { id: a.draftId } });
  expect({ state: d.state, version: d.version, body: d.body, quality: d.qualityScore }).toEqual({
    state: "pending_review", version: 1, body: "Hi, I read your post about onboarding and had a thought.", quality: null,
  });
  expect(await db.draftEvent.count({ where: { draftId: a.draftId } })).toBe(0);
}

async function liveRunOfA() {
  const { hash } = mintRunToken();
  const run = await db.run.create({ data: { organizationId: A.orgId, campaignId: a.campaignId, projectId: a.projectId, kind: "campaign", runner: "cloud", status: "running", runTokenHash: hash } });
  return { run };
}

describe("cross-tenant: agent tools bound to another organization's run", () => {
  let client: ToolClient;
  let bCampaignId: number;
  let bRunId: number;
  const secret = { blocked: "", contacted: "", optedOut: "" };

  beforeAll(async () => {
    const bp = await createProject(B.orgId);
    const bAcc = await createAccountRow(B.orgId, bp.id);
    bCampaignId = (await createCampaignRow(B.orgId, bp.id)).id;
    secret.blocked = (await db.blocklistEntry.findUniqueOrThrow({ where: { id: a.globalBlockId } })).value;
    secret.contacted = `contacted_${Date.now()}`;
    await db.contactHistory.create({ data: { organizationId: A.orgId, platform: "forum", targetUser: secret.contacted, accountHandle: "a_acc", firstContactedAt: new Date(), lastContactedAt: new Date() } });
    // A's newest opt-out on B's campaign's platform: run_start's optedOut list must never carry it to B's agent.
    secret.optedOut = `optedout_${Date.now()}`;
    await db.contactHistory.create({ data: { organizationId: A.orgId, platform: "forum", targetUser: secret.optedOut, accountHandle: "a_acc", firstContactedAt: new Date(), lastContactedAt: new Date(), optedOutAt: new Date(Date.now() + 60_000), optOutSource: "person" } });
    const { token, hash } = mintRunToken();
    const r = await db.run.create({ data: { organizationId: B.orgId, campaignId: bCampaignId, projectId: bp.id, kind: "campaign", runner: "cloud", status: "running", runTokenHash: hash } });
    bRunId = r.id;
    void bAcc;
    client = await connectToolClient({ runId: r.id, token });
  });

  const callTool = (name: string, args: Record<string, unknown> = {}) => client.callTool(name, args);

  /**
   * The refusal for an id that names no row at all, with the foreign id's text swapped in: a foreign id must read
   * exactly like it, so the caller cannot tell "another organization's" from "none".
   */
  async function refusalOfMissing(tool: string, args: (id: number) => Record<string, unknown>, foreignId: number): Promise<string> {
    const missing = 2_000_000_000;
    const res = await callTool(tool, args(missing));
    expect(res.isError).toBe(true);
    return res.text.replace(String(missing), String(foreignId));
  }

  const toolCases: Record<string, () => Promise<void>> = {
    run_start: async () => {
      const { isError, text } = await callTool("run_start");
      expect(isError).toBe(false);
      const ctx = JSON.parse(text);
      expect(ctx.campaign.id).toBe(bCampaignId);
      for (const leak of [a.projectName, secret.blocked, secret.contacted, secret.optedOut, "Hello there"]) expect(text).not.toContain(leak);
      expect(ctx.optedOut).toMatchObject({ total: 0, handles: [] });
    },
    blocklist_check: async () => {
      const { text } = await callTool("blocklist_check", { targets: [{ targetUser: secret.blocked }] });
      expect(JSON.parse(text).results[0].blocked).toBe(false);
    },
    contact_history_check: async () => {
      const { text } = await callTool("contact_history_check", { handles: [secret.contacted] });
      expect(JSON.parse(text).results[0]).toMatchObject({ recentlyContacted: false, lastContactedAt: null, outcome: null });
    },
    drafts_create: async () => {
      const { isError, text } = await callTool("drafts_create", { entries: [{ accountId: a.accountId, kind: "dm", targetUser: "someone", body: "Hi", qualityScore: 50 }] });
      expect({ isError, text }).toEqual({ isError: true, text: `not_found: Account ${a.accountId} not found. Use an accountId from run_start.` });
      expect(text).toBe(await refusalOfMissing("drafts_create", (id) => ({ entries: [{ accountId: id, kind: "dm", targetUser: "someone", body: "Hi", qualityScore: 50 }] }), a.accountId));
      expect(await db.draft.count({ where: { accountId: a.accountId } })).toBe(1);
      expect(await db.draft.count({ where: { organizationId: B.orgId } })).toBe(0);
      await expectUntouched();
    },
    drafts_get: async () => {
      const { isError, text } = await callTool("drafts_get", { ids: [a.draftId] });
      expect({ isError, text }).toEqual({ isError: true, text: `not_found: Draft ${a.draftId} not found` });
      expect(text).toBe(await refusalOfMissing("drafts_get", (id) => ({ ids: [id] }), a.draftId));
      // Nor does a run of another campaign of A's own organization see this campaign's drafts.
      const { token, hash } = mintRunToken();
      const other = await createCampaignRow(A.orgId, a.projectId);
      const r = await db.run.create({ data: { organizationId: A.orgId, campaignId: other.id, projectId: a.projectId, kind: "campaign", runner: "cloud", status: "running", runTokenHash: hash } });
      const sibling = await connectToolClient({ runId: r.id, token });
      expect(await sibling.callTool("drafts_get", { ids: [a.draftId] })).toMatchObject({ isError: true, text: `not_found: Draft ${a.draftId} not found` });
      expect(await sibling.callTool("drafts_update", { id: a.draftId, body: "hijacked" })).toMatchObject({ isError: true, text: `not_found: Draft ${a.draftId} not found` });
      await sibling.close();
      await db.run.delete({ where: { id: r.id } });
      await expectUntouched();
    },
    drafts_update: async () => {
      const { isError, text } = await callTool("drafts_update", { id: a.draftId, body: "Rewritten by B", qualityScore: 1 });
      expect({ isError, text }).toEqual({ isError: true, text: `not_found: Draft ${a.draftId} not found` });
      expect(text).toBe(await refusalOfMissing("drafts_update", (id) => ({ id, body: "Rewritten by B", qualityScore: 1 }), a.draftId));
      await expectUntouched();
    },
    run_finish: async () => {
      const { run: aRun } = await liveRunOfA();
      const { isError } = await callTool("run_finish", { summary: "done" });
      expect(isError).toBe(false);
      expect((await db.run.findUniqueOrThrow({ where: { id: bRunId } })).status).toBe("success");
      expect((await db.run.findUniqueOrThrow({ where: { id: aRun.id } })).status).toBe("running");
      await db.run.delete({ where: { id: aRun.id } });
    },
  };

  // run_finish closes B's run, so it goes last.
  for (const [name, run] of Object.entries(toolCases)) it(name, run);

  it("covers every tool the server registers", async () => {
    // Tools of later domains keep their cases in their own files, in tests named "tenancy: <tool> ...".
    const elsewhere = fs
      .readdirSync("test/int")
      .filter((f) => f.startsWith("cross-tenant-") && f.endsWith(".int.test.ts") && f !== "cross-tenant-tools.int.test.ts")
      .map((f) => fs.readFileSync(path.join("test/int", f), "utf8"))
      .join("\n");
    const tools = await client.listTools();
    const missing = tools.filter((n) => !(n in toolCases) && !elsewhere.includes(`"tenancy: ${n} `));
    expect(missing, `tools without a cross-tenant case: ${missing.join(", ")}`).toEqual([]);
    expect(tools.length).toBeGreaterThanOrEqual(7);
  });
});
