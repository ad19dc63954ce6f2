// followup_draft_start / followup_draft_finish called directly through a real MCP client bound to a followup_drafting
// run: what start reads back, refused arguments, a run that lost its placeholder, a withdrawn follow-up, and the
// run-kind rule.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { createAccountRow, createOrg, createProject, uid, type OrgFixture } from "./fixtures";
import { runningRun } from "./agent-harness";
import { connectToolClient } from "./tool-client";

let A: OrgFixture;
const FIRST = "Hi Dana, your thread on flaky CI matched what we see. Happy to compare notes?";

beforeAll(async () => {
  A = await createOrg();
});

/** A sent DM, an out-of-office notice on its thread, and a placeholder follow-up bound to a live followup_drafting run. */
async function boundPlaceholder(kind = "followup_drafting") {
  const project = await createProject(A.orgId);
  const account = await createAccountRow(A.orgId, project.id);
  const campaign = await db.campaign.create({
    data: {
      organizationId: A.orgId, projectId: project.id, name: `Campaign ${uid()}`, platform: "forum", skill: "forum-scout", runner: "cloud",
      state: "active", config: { followups: [{ afterDays: 3, guidance: "shorter, add the case study" }, { afterDays: 7 }] },
    },
  });
  const target = `dana_${uid()}`;
  const first = await db.draft.create({
    data: {
      organizationId: A.orgId, projectId: project.id, accountId: account.id, campaignId: campaign.id, state: "replied", kind: "dm",
      platform: "forum", accountHandle: account.platformId, targetUser: target, body: FIRST, sentAt: new Date(Date.now() - 4 * 86_400_000),
    },
  });
  const thread = await db.conversationThread.create({
    data: { organizationId: A.orgId, platform: "forum", accountHandle: account.platformId, targetUser: target, kind: "dm", parentDraftId: first.id, lastMessageAt: new Date(), messageCount: 1 },
  });
  await db.conversationMessage.create({
    data: { organizationId: A.orgId, threadId: thread.id, direction: "inbound", author: target, body: "Auto-reply: away until Monday.", externalId: `t4_${uid()}`, sentAt: new Date(Date.now() - 3 * 86_400_000), intent: "out_of_office" },
  });
  const { run, token } = await runningRun(A.orgId, { kind, campaignId: campaign.id, projectId: project.id });
  const placeholder = await db.draft.create({
    data: {
      organizationId: A.orgId, projectId: project.id, accountId: account.id, campaignId: campaign.id, state: "pending_review", kind: "followup_dm",
      platform: "forum", accountHandle: account.platformId, targetUser: target, body: "Drafting a follow-up…", draftingRunId: run.id,
      followsDraftId: first.id, followupStep: 1, followupOf: 2, runId: run.id,
    },
  });
  await db.run.update({ where: { id: run.id }, data: { params: { draftId: placeholder.id, followsDraftId: first.id, step: 1 } } });
  return { account, target, first, placeholder, run, token };
}

const draftRow = (id: number) => db.draft.findUniqueOrThrow({ where: { id } });
const runRow = (id: number) => db.run.findUniqueOrThrow({ where: { id } });

describe("followup_draft_start / followup_draft_finish called directly", () => {
  it("start reads the person, the earlier messages and the step's guidance; bad finish arguments are refused; a good finish commits", async () => {
    const b = await boundPlaceholder();
    const client = await connectToolClient({ runId: b.run.id, token: b.token });
    try {
      const start = await client.callTool("followup_draft_start");
      expect(start.isError, start.text).toBe(false);
      const ctx = JSON.parse(start.text);
      expect(ctx.followupDraft).toEqual({ id: b.placeholder.id, version: 1, kind: "followup_dm", step: 1, of: 2 });
      expect(ctx.person.handle).toBe(b.target);
      expect(ctx.step).toEqual({ number: 1, of: 2, afterDays: 3, guidance: "shorter, add the case study" });
      expect(ctx.messages.map((m: { direction: string; body: string }) => [m.direction, m.body])).toEqual([
        ["outbound", FIRST],
        ["inbound", "Auto-reply: away until Monday."],
      ]);
      expect(ctx.persona.handle).toBe(b.account.platformId);

      for (const args of [{ body: "", qualityScore: 50 }, { body: "ok", qualityScore: 101 }, { body: "ok" }, { body: "ok", qualityScore: 50, qualityReason: 7 }]) {
        const bad = await client.callTool("followup_draft_finish", args);
        expect(bad.isError, JSON.stringify(args)).toBe(true);
      }
      expect(await draftRow(b.placeholder.id)).toMatchObject({ body: "Drafting a follow-up…", version: 1, draftingRunId: b.run.id });
      expect((await runRow(b.run.id)).status).toBe("running");

      const fin = await client.callTool("followup_draft_finish", { body: "Short one: the case study is two pages.", qualityScore: 66 });
      expect(fin.isError, fin.text).toBe(false);
      expect(JSON.parse(fin.text)).toEqual({ draftId: b.placeholder.id, version: 2 });
      expect(await draftRow(b.placeholder.id)).toMatchObject({ body: "Short one: the case study is two pages.", qualityScore: 66, draftingRunId: null, state: "pending_review" });
      expect((await runRow(b.run.id)).status).toBe("success");
    } finally {
      await client.close();
    }
  });

  it("a follow-up withdrawn meanwhile (the person replied) cannot be written, and the run stays open", async () => {
    const b = await boundPlaceholder();
    await db.draft.update({ where: { id: b.placeholder.id }, data: { state: "rejected", withdrawnReason: "replied", draftingRunId: null } });
    const client = await connectToolClient({ runId: b.run.id, token: b.token });
    try {
      expect((await client.callTool("followup_draft_start")).text).toMatch(/^conflict: .*no longer drafted by this run/);
      const fin = await client.callTool("followup_draft_finish", { body: "late", qualityScore: 10 });
      expect(fin.isError).toBe(true);
      expect(await draftRow(b.placeholder.id)).toMatchObject({ body: "Drafting a follow-up…", state: "rejected" });
      expect((await runRow(b.run.id)).status).toBe("running");
    } finally {
      await client.close();
      await db.run.update({ where: { id: b.run.id }, data: { status: "failed" } });
    }
  });

  it("the follow-up tools belong to followup_drafting runs: a reply_drafting run gets isError", async () => {
    const b = await boundPlaceholder("reply_drafting");
    const client = await connectToolClient({ runId: b.run.id, token: b.token });
    try {
      const start = await client.callTool("followup_draft_start");
      expect(start.text).toMatch(/^conflict: followup_draft_start belongs to followup_drafting runs/);
      const fin = await client.callTool("followup_draft_finish", { body: "hijack", qualityScore: 90 });
      expect(fin.text).toMatch(/^conflict: followup_draft_finish belongs to followup_drafting runs/);
      expect(await draftRow(b.placeholder.id)).toMatchObject({ body: "Drafting a follow-up…", version: 1 });
    } finally {
      await client.close();
      await db.run.update({ where: { id: b.run.id }, data: { status: "failed" } });
    }
  });
});
