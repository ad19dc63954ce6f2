// Tenancy of the follow-up drafter's tools: a followup_drafting run of organization B whose params point at
// organization A's placeholder (and A's earlier message) can neither read nor write them, and learns nothing of them.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { mintRunToken } from "@/lib/runs/run-token";
import { createAccountRow, createOrg, createProject, uid, type OrgFixture } from "./fixtures";
import { connectToolClient } from "./tool-client";

let A: OrgFixture;
let B: OrgFixture;
const SECRET_BODY = `A's first message ${uid()}`;
const SECRET_GUIDANCE = `A's guidance ${uid()}`;
let a: { placeholderId: number; firstId: number; runId: number };

beforeAll(async () => {
  [A, B] = await Promise.all([createOrg(), createOrg()]);
  const p = await createProject(A.orgId);
  const acc = await createAccountRow(A.orgId, p.id);
  const camp = await db.campaign.create({
    data: { organizationId: A.orgId, projectId: p.id, name: `c ${uid()}`, platform: "forum", skill: "forum-scout", runner: "cloud", state: "active", config: { followups: [{ afterDays: 3, guidance: SECRET_GUIDANCE }] } },
  });
  const first = await db.draft.create({
    data: { organizationId: A.orgId, projectId: p.id, accountId: acc.id, campaignId: camp.id, state: "sent", kind: "dm", platform: "forum", accountHandle: acc.platformId, targetUser: "carol_a", body: SECRET_BODY, sentAt: new Date() },
  });
  const aRun = await db.run.create({ data: { organizationId: A.orgId, projectId: p.id, campaignId: camp.id, kind: "followup_drafting", runner: "cloud", status: "running", runTokenHash: mintRunToken().hash } });
  const placeholder = await db.draft.create({
    data: {
      organizationId: A.orgId, projectId: p.id, accountId: acc.id, campaignId: camp.id, state: "pending_review", kind: "followup_dm", platform: "forum",
      accountHandle: acc.platformId, targetUser: "carol_a", body: "Drafting a follow-up…", draftingRunId: aRun.id, followsDraftId: first.id, followupStep: 1, followupOf: 1,
    },
  });
  await db.run.update({ where: { id: aRun.id }, data: { params: { draftId: placeholder.id, followsDraftId: first.id, step: 1 } } });
  a = { placeholderId: placeholder.id, firstId: first.id, runId: aRun.id };
});

/** A's placeholder and run are exactly as written. */
async function expectUntouched() {
  const d = await db.draft.findUniqueOrThrow({ where: { id: a.placeholderId } });
  expect({ body: d.body, version: d.version, quality: d.qualityScore, drafting: d.draftingRunId, state: d.state }).toEqual({
    body: "Drafting a follow-up…", version: 1, quality: null, drafting: a.runId, state: "pending_review",
  });
  expect(await db.draftEvent.count({ where: { draftId: a.placeholderId } })).toBe(0);
  expect((await db.run.findUniqueOrThrow({ where: { id: a.runId } })).status).toBe("running");
}

/** A followup_drafting run of B whose params name A's rows (as a forged or corrupted row would). */
async function bClientPointingAtA() {
  const { token, hash } = mintRunToken();
  const run = await db.run.create({
    data: { organizationId: B.orgId, kind: "followup_drafting", runner: "cloud", status: "running", runTokenHash: hash, params: { draftId: a.placeholderId, followsDraftId: a.firstId, step: 1 } },
  });
  const client = await connectToolClient({ runId: run.id, token });
  return { run, client, callTool: client.callTool };
}

describe("cross-tenant: follow-up tools bound to another organization's run", () => {
  it("tenancy: followup_draft_start of B's run reads nothing of A's placeholder, first message or guidance", async () => {
    const { client, callTool } = await bClientPointingAtA();
    try {
      const { isError, text } = await callTool("followup_draft_start");
      expect(isError).toBe(true);
      expect(text).toMatch(/^not_found: /);
      for (const leak of [SECRET_BODY, SECRET_GUIDANCE, "carol_a"]) expect(text).not.toContain(leak);
      await expectUntouched();
    } finally {
      await client.close();
    }
  });

  it("tenancy: followup_draft_finish of B's run cannot write A's placeholder, and B's run stays open", async () => {
    const { run, client, callTool } = await bClientPointingAtA();
    try {
      const { isError, text } = await callTool("followup_draft_finish", { body: "Written by B", qualityScore: 99 });
      expect(isError).toBe(true);
      expect(text).toMatch(/^not_found: /);
      await expectUntouched();
      expect((await db.run.findUniqueOrThrow({ where: { id: run.id } })).status).toBe("running");
    } finally {
      await client.close();
    }
  });
});
