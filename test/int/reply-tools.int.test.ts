// reply_draft_start / reply_draft_finish called directly through a real MCP client bound to a reply_drafting run:
// the thread in order, refused arguments, a run that lost its placeholder to a retry, and the run-kind rule.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { recordInboundReply, type RecordInboundReplyInput } from "@/lib/conversations/record-inbound-reply";
import type { OrgFixture } from "./fixtures";
import { runningRun, scriptOrgPlaybook } from "./agent-harness";
import { connectToolClient } from "./tool-client";
import { draftRow, inboundReply, OPENING, QUIT_SCRIPT, runRow, sentDraft, useRepliesWorld } from "./replies-harness";

const world = useRepliesWorld();
let A: OrgFixture;
// Runs after the world's own beforeAll (hooks run in the order they were registered).
beforeAll(() => {
  ({ A } = world);
});
const inbound = (draftId: number, over: Partial<RecordInboundReplyInput["message"]> = {}, orgId = A.orgId) => inboundReply(orgId, draftId, over);

describe("reply_draft_start / reply_draft_finish called directly", () => {
  /** A thread with two inbound messages recorded out of order, and a live reply_drafting run bound to its placeholder. */
  async function boundPlaceholder() {
    await scriptOrgPlaybook(A.orgId, "reply-drafter", QUIT_SCRIPT);
    const s = await sentDraft(A.orgId);
    const t0 = Date.now() - 30_000;
    const late = await recordInboundReply(inbound(s.draft.id, { body: "later message", sentAt: new Date(t0 + 5_000) }));
    await late.done;
    const early = await recordInboundReply(inbound(s.draft.id, { body: "earlier message", sentAt: new Date(t0) }));
    await early.done;
    const { run, token } = await runningRun(A.orgId, { kind: "reply_drafting", campaignId: s.campaign.id, projectId: s.project.id });
    await db.run.update({ where: { id: run.id }, data: { params: { draftId: late.replyDraftId, parentDraftId: s.draft.id, messageId: late.messageId } } });
    await db.draft.update({ where: { id: late.replyDraftId! }, data: { draftingRunId: run.id } });
    return { s, late, early, run, token };
  }

  it("reply_draft_start answers the whole thread oldest first; bad finish arguments are refused; a good finish commits", async () => {
    const { s, late, run, token } = await boundPlaceholder();
    const client = await connectToolClient({ runId: run.id, token });
    const { callTool } = client;
    try {
      const start = await callTool("reply_draft_start");
      expect(start.isError).toBe(false);
      const ctx = JSON.parse(start.text);
      expect(ctx.thread.id).toBe(late.threadId);
      expect(ctx.thread.messages.map((m: { body: string }) => m.body)).toEqual([OPENING, "earlier message", "later message"]);
      expect(ctx.thread.messages[0]).toMatchObject({ direction: "outbound", author: s.account.platformId, permalink: null });
      expect(ctx.replyDraft).toEqual({ id: late.replyDraftId, version: 1, kind: "reply_dm", parentMessageId: late.messageId });
      expect(ctx.platform).toBe("forum");

      for (const args of [{ body: "", qualityScore: 50 }, { body: "ok", qualityScore: 101 }, { body: "ok" }, { body: "ok", qualityScore: 50, extra: true, qualityReason: 7 }]) {
        const bad = await callTool("reply_draft_finish", args);
        expect(bad.isError, JSON.stringify(args)).toBe(true);
      }
      expect(await draftRow(late.replyDraftId!)).toMatchObject({ body: "Drafting a reply…", version: 1, draftingRunId: run.id });
      expect((await runRow(run.id)).status).toBe("running");

      const fin = await callTool("reply_draft_finish", { body: "Happy to, here it is.", qualityScore: 64 });
      expect(fin.isError).toBe(false);
      expect(JSON.parse(fin.text)).toEqual({ draftId: late.replyDraftId, version: 2 });
      expect(await draftRow(late.replyDraftId!)).toMatchObject({ body: "Happy to, here it is.", qualityScore: 64, draftingRunId: null });
      expect((await runRow(run.id)).status).toBe("success");
    } finally {
      await client.close();
    }
  });

  it("a run that no longer owns the placeholder (a retry took over) can neither read nor write it", async () => {
    const { late, run, token } = await boundPlaceholder();
    const { run: newer } = await runningRun(A.orgId, { kind: "reply_drafting" });
    await db.draft.update({ where: { id: late.replyDraftId! }, data: { draftingRunId: newer.id } });
    const client = await connectToolClient({ runId: run.id, token });
    const { callTool } = client;
    try {
      expect((await callTool("reply_draft_start")).text).toMatch(/^conflict: .*no longer drafted by this run/);
      const fin = await callTool("reply_draft_finish", { body: "stale", qualityScore: 10 });
      expect(fin.isError).toBe(true);
      expect(await draftRow(late.replyDraftId!)).toMatchObject({ body: "Drafting a reply…", draftingRunId: newer.id });
      expect((await runRow(run.id)).status).toBe("running");
    } finally {
      await client.close();
      await db.run.updateMany({ where: { id: { in: [run.id, newer.id] } }, data: { status: "failed" } });
    }
  });

  it("the reply tools belong to reply_drafting runs: a campaign run gets isError", async () => {
    const { late } = await boundPlaceholder();
    const { run, token } = await runningRun(A.orgId, { kind: "campaign" });
    await db.run.update({ where: { id: run.id }, data: { params: { draftId: late.replyDraftId } } });
    const client = await connectToolClient({ runId: run.id, token });
    const { callTool } = client;
    try {
      const start = await callTool("reply_draft_start");
      expect(start).toEqual({ isError: true, text: expect.stringMatching(/^conflict: reply_draft_start belongs to reply_drafting runs/), json: null });
      const fin = await callTool("reply_draft_finish", { body: "hijack", qualityScore: 90 });
      expect(fin.text).toMatch(/^conflict: reply_draft_finish belongs to reply_drafting runs/);
      expect(await draftRow(late.replyDraftId!)).toMatchObject({ body: "Drafting a reply…", version: 1 });
      expect((await runRow(run.id)).status).toBe("running");
    } finally {
      await client.close();
      await db.run.update({ where: { id: run.id }, data: { status: "failed" } });
    }
  });
});
