// Tenancy of the reply-drafter's tools: a reply_drafting run of organization B whose params point at organization
// A's placeholder (and A's thread) can neither read nor write them, and learns nothing of them.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { mintRunToken } from "@/lib/runs/run-token";
import { createAccountRow, createOrg, createProject, uid, type OrgFixture } from "./fixtures";
import { connectToolClient } from "./tool-client";

let A: OrgFixture;
let B: OrgFixture;
const SECRET_BODY = `A's opening message ${uid()}`;
const SECRET_REPLY = `A's customer wrote this ${uid()}`;
let a: { placeholderId: number; parentDraftId: number; messageId: number; runId: number };

beforeAll(async () => {
  [A, B] = await Promise.all([createOrg(), createOrg()]);
  // A's conversation, written directly: a sent draft, its thread with both messages, a placeholder and its live run.
  const p = await createProject(A.orgId);
  const acc = await createAccountRow(A.orgId, p.id);
  const parent = await db.draft.create({
    data: { organizationId: A.orgId, projectId: p.id, accountId: acc.id, state: "replied", kind: "dm", platform: "forum", accountHandle: acc.platformId, targetUser: "alice_a", body: SECRET_BODY, sentAt: new Date() },
  });
  const thread = await db.conversationThread.create({
    data: { organizationId: A.orgId, platform: "forum", accountHandle: acc.platformId, targetUser: "alice_a", kind: "dm", parentDraftId: parent.id, lastMessageAt: new Date(), messageCount: 2 },
  });
  await db.conversationMessage.create({ data: { organizationId: A.orgId, threadId: thread.id, direction: "outbound", author: acc.platformId, body: SECRET_BODY, externalId: `outreach-draft:${parent.id}`, sentAt: new Date(Date.now() - 1000) } });
  const msg = await db.conversationMessage.create({ data: { organizationId: A.orgId, threadId: thread.id, direction: "inbound", author: "alice_a", body: SECRET_REPLY, externalId: `t4_${uid()}`, sentAt: new Date() } });
  const aRun = await db.run.create({ data: { organizationId: A.orgId, projectId: p.id, kind: "reply_drafting", runner: "cloud", status: "running", runTokenHash: mintRunToken().hash } });
  const placeholder = await db.draft.create({
    data: { organizationId: A.orgId, projectId: p.id, accountId: acc.id, state: "proposed", kind: "reply_dm", platform: "forum", accountHandle: acc.platformId, targetUser: "alice_a", body: "Drafting a reply…", parentMessageId: msg.id, draftingRunId: aRun.id },
  });
  await db.run.update({ where: { id: aRun.id }, data: { params: { draftId: placeholder.id, parentDraftId: parent.id, messageId: msg.id } } });
  a = { placeholderId: placeholder.id, parentDraftId: parent.id, messageId: msg.id, runId: aRun.id };
});

/** A's placeholder, thread and run are exactly as written. */
async function expectUntouched() {
  const d = await db.draft.findUniqueOrThrow({ where: { id: a.placeholderId } });
  expect({ body: d.body, version: d.version, quality: d.qualityScore, drafting: d.draftingRunId, state: d.state }).toEqual({
    body: "Drafting a reply…", version: 1, quality: null, drafting: a.runId, state: "proposed",
  });
  expect(await db.draftEvent.count({ where: { draftId: a.placeholderId } })).toBe(0);
  expect((await db.run.findUniqueOrThrow({ where: { id: a.runId } })).status).toBe("running");
}

/** A reply_drafting run of B whose params name A's rows (as a forged or corrupted row would). */
async function bClientPointingAtA() {
  const { token, hash } = mintRunToken();
  const run = await db.run.create({
    data: {
      organizationId: B.orgId, kind: "reply_drafting", runner: "cloud", status: "running", runTokenHash: hash,
      params: { draftId: a.placeholderId, parentDraftId: a.parentDraftId, messageId: a.messageId },
    },
  });
  const client = await connectToolClient({ runId: run.id, token });
  return { run, client, callTool: client.callTool };
}

describe("cross-tenant: reply tools bound to another organization's run", () => {
  it("tenancy: reply_draft_start of B's run reads nothing of A's placeholder, parent draft or thread", async () => {
    const { client, callTool } = await bClientPointingAtA();
    try {
      const { isError, text } = await callTool("reply_draft_start");
      expect(isError).toBe(true);
      expect(text).toMatch(/^not_found: /);
      for (const leak of [SECRET_BODY, SECRET_REPLY, "alice_a"]) expect(text).not.toContain(leak);
      await expectUntouched();
    } finally {
      await client.close();
    }
  });

  it("tenancy: reply_draft_finish of B's run cannot write A's placeholder, and B's run stays open", async () => {
    const { run, client, callTool } = await bClientPointingAtA();
    try {
      const { isError, text } = await callTool("reply_draft_finish", { body: "Written by B", qualityScore: 99 });
      expect(isError).toBe(true);
      expect(text).toMatch(/^not_found: /);
      await expectUntouched();
      // The refusal rolled back the run's success too: the finish tool commits both or neither.
      expect((await db.run.findUniqueOrThrow({ where: { id: run.id } })).status).toBe("running");
    } finally {
      await client.close();
    }
  });
});
