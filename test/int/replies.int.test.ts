// Reply drafting end to end (SPEC "Reply drafting", 1.6, the draft states table's sent -> replied): an inbound reply
// is stored on its thread, the draft flips to replied and a placeholder continuation is drafted by a real agent
// process (the scripted fake ACP agent) calling reply_draft_start and reply_draft_finish over the tool server. The tools
// called directly are in reply-tools.int.test.ts.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { detectRunners } from "@/lib/runners/detect-runners";
import { db } from "@/lib/db/client";
import { recordInboundReply, type RecordInboundReplyInput } from "@/lib/conversations/record-inbound-reply";
import { getThreadOrThrow } from "@/lib/conversations/get-thread";
import { decodeThreadCursor, listThreads } from "@/lib/conversations/list-threads";
import { listContacts } from "@/lib/conversations/list-contacts";
import { cancelRun } from "@/lib/runs/cancel-run";
import { sendDraft } from "@/lib/drafts/send-draft";
import { approveDraft } from "@/lib/drafts/approve-draft";
import * as draftRoute from "@/app/api/drafts/[id]/route";
import * as retryRoute from "@/app/api/drafts/[id]/reply-drafting/route";
import { call } from "./http";
import { createOrg, type OrgFixture } from "./fixtures";
import { FAKE_SLUG, MISSING_SLUG, scriptOrgPlaybook } from "./agent-harness";
import {
  draftRow, FINISH_SCRIPT, HANG_SCRIPT, inboundReply, OPENING, QUIT_SCRIPT, REPLY_BODY, runRow, sentDraft, useRepliesWorld,
} from "./replies-harness";

const world = useRepliesWorld();
let A: OrgFixture;
// Runs after the world's own beforeAll (hooks run in the order they were registered).
beforeAll(() => {
  ({ A } = world);
});
const inbound = (draftId: number, over: Partial<RecordInboundReplyInput["message"]> = {}, orgId = A.orgId) => inboundReply(orgId, draftId, over);

describe("recordInboundReply", () => {
  it("stores the message on a new thread, flips the draft to replied and enqueues a placeholder that cannot be approved while drafting", async () => {
    await scriptOrgPlaybook(A.orgId, "reply-drafter", HANG_SCRIPT);
    const s = await sentDraft(A.orgId);
    const input = inbound(s.draft.id, { permalink: "https://forum.example/message/t4_1" });
    const r = await recordInboundReply(input);
    expect(r.duplicate).toBe(false);
    try {
      const parent = await draftRow(s.draft.id);
      expect({ state: parent.state, version: parent.version }).toEqual({ state: "replied", version: 2 });
      expect(parent.repliedAt).not.toBeNull();
      expect((await db.draftEvent.findFirstOrThrow({ where: { draftId: s.draft.id, event: "replied" } })).details).toMatchObject({ from: "sent", to: "replied", messageId: r.messageId });

      const thread = await db.conversationThread.findUniqueOrThrow({ where: { id: r.threadId } });
      expect(thread).toMatchObject({ organizationId: A.orgId, parentDraftId: s.draft.id, kind: "dm", targetUser: s.target, accountHandle: s.account.platformId, messageCount: 2 });
      expect(thread.lastMessageAt.toISOString()).toBe(input.message.sentAt.toISOString());
      const messages = await db.conversationMessage.findMany({ where: { threadId: r.threadId }, orderBy: [{ sentAt: "asc" }, { id: "asc" }] });
      expect(messages.map((m) => [m.direction, m.author, m.body])).toEqual([
        ["outbound", s.account.platformId, OPENING],
        ["inbound", "alice", input.message.body],
      ]);
      expect(messages[0]!.sentAt.toISOString()).toBe(s.sentAt.toISOString());
      expect(messages[1]).toMatchObject({ id: r.messageId, externalId: input.message.externalId, permalink: "https://forum.example/message/t4_1" });

      const placeholder = await draftRow(r.replyDraftId!);
      expect(placeholder).toMatchObject({
        organizationId: A.orgId, kind: "reply_dm", state: "proposed", parentMessageId: r.messageId, draftingRunId: r.runId, body: "Drafting a reply…",
        accountId: s.account.id, accountHandle: s.account.platformId, projectId: s.project.id, campaignId: s.campaign.id, targetUser: s.target, platform: "forum",
      });
      const enqueued = await db.draftEvent.findMany({ where: { draftId: placeholder.id } });
      expect(enqueued.map((e) => e.event)).toEqual(["reply_drafting_enqueued"]);
      expect(enqueued[0]!.details).toMatchObject({ runId: r.runId, parentDraftId: s.draft.id, messageId: r.messageId });

      const run = await runRow(r.runId!);
      expect(run).toMatchObject({ kind: "reply_drafting", status: "running", runner: FAKE_SLUG, playbookSlug: "reply-drafter", campaignId: s.campaign.id, projectId: s.project.id });
      expect(run.params).toEqual({ draftId: placeholder.id, parentDraftId: s.draft.id, messageId: r.messageId });
      expect(run.playbookBody).toContain("reply_draft_start");

      const contact = await db.contactHistory.findFirstOrThrow({ where: { organizationId: A.orgId, targetUser: s.target } });
      expect({ outcome: contact.outcome, last: contact.lastContactedAt.toISOString() }).toEqual({ outcome: "replied", last: s.sentAt.toISOString() });
      const note = await db.notification.findFirstOrThrow({ where: { organizationId: A.orgId, kind: "reply.received", payload: { path: ["messageId"], equals: r.messageId } } });
      expect(note.title).toBe("alice replied");
      expect(note.payload).toMatchObject({ draftId: s.draft.id, threadId: r.threadId, replyDraftId: placeholder.id, runId: r.runId });

      // While the drafting run is alive the placeholder can be neither approved nor sent.
      for (const state of ["approved", "sent"]) {
        const res = await call(draftRoute.PATCH, { cookie: A.cookie, method: "PATCH", params: { id: String(placeholder.id) }, body: { state } });
        expect(res.status).toBe(409);
        expect(res.json.message).toMatch(/still being drafted/);
      }
      expect(await draftRow(placeholder.id)).toMatchObject({ state: "proposed", version: 1 });

      // The thread page's read: both messages in order and the open placeholder being drafted.
      const detail = await getThreadOrThrow({ orgId: A.orgId, id: r.threadId });
      expect(detail.timeline.map((m) => m.direction)).toEqual(["outbound", "inbound"]);
      expect(detail.openReplies.map((o) => [o.draft.id, o.status])).toEqual([[placeholder.id, "drafting"]]);
      const { threads } = await listThreads({ orgId: A.orgId });
      expect(threads.find((t) => t.id === r.threadId)).toMatchObject({ replyStatus: "drafting", messageCount: 2, lastMessage: { direction: "inbound", author: "alice" } });
      const { contacts } = await listContacts({ orgId: A.orgId });
      expect(contacts.find((c) => c.targetUser === s.target)).toMatchObject({ outcome: "replied", threadId: r.threadId });
    } finally {
      await cancelRun({ orgId: A.orgId, runId: r.runId!, by: "test" }).catch(() => undefined);
      await r.done;
    }
  });

  it("a reply-drafter run writes the continuation with its score, clears drafting_run_id and succeeds; then it can be approved", async () => {
    await scriptOrgPlaybook(A.orgId, "reply-drafter", FINISH_SCRIPT);
    const s = await sentDraft(A.orgId);
    const r = await recordInboundReply(inbound(s.draft.id));
    expect(await r.done).toEqual({ status: "success", failureReason: null });

    const reply = await draftRow(r.replyDraftId!);
    expect(reply).toMatchObject({ body: REPLY_BODY, qualityScore: 77, qualityReason: "answers the question", qualityModel: "fake-judge", draftingRunId: null, state: "proposed", version: 2, bodyEdited: false });
    const finished = await db.draftEvent.findFirstOrThrow({ where: { draftId: reply.id, event: "reply_drafted" } });
    expect(finished).toMatchObject({ actorType: "run", actorId: r.runId });
    expect(finished.details).toMatchObject({ previousBody: "Drafting a reply…", runId: r.runId });
    const run = await runRow(r.runId!);
    expect(run).toMatchObject({ status: "success", failureReason: null });
    expect(run.params).toMatchObject({ replyDraftId: reply.id, replyVersion: 2 });

    // The agent read the whole thread through reply_draft_start.
    const events = await db.runEvent.findMany({ where: { runId: r.runId! }, orderBy: { seq: "asc" } });
    const started = events.find((e) => e.type === "tool_call_update" && (e.payload as { text?: string }).text?.includes('"replyDraft"'))!;
    const ctx = JSON.parse((started.payload as { text: string }).text);
    expect(ctx.replyDraft).toEqual({ id: reply.id, version: 1, kind: "reply_dm", parentMessageId: r.messageId });
    expect(ctx.parentDraft).toMatchObject({ id: s.draft.id, kind: "dm", body: OPENING, targetUser: s.target });
    expect(ctx.thread.messages.map((m: { direction: string }) => m.direction)).toEqual(["outbound", "inbound"]);
    expect(ctx.persona).toMatchObject({ accountId: s.account.id, handle: s.account.platformId });
    expect(ctx.qualityRubric.threshold_red).toBe(40);

    const res = await call(draftRoute.PATCH, { cookie: A.cookie, method: "PATCH", params: { id: String(reply.id) }, body: { state: "approved", version: 2 } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ state: "approved", version: 3, draftingRunId: null });
  });

  it("the same message twice is stored once and enqueues once, in sequence and at the same moment", async () => {
    await scriptOrgPlaybook(A.orgId, "reply-drafter", QUIT_SCRIPT);
    const s = await sentDraft(A.orgId);
    const input = inbound(s.draft.id);
    const first = await recordInboundReply(input);
    await first.done;
    const again = await recordInboundReply(input);
    expect(again).toMatchObject({ duplicate: true, messageId: first.messageId, threadId: first.threadId, replyDraftId: null, runId: null, done: null });

    const twin = inbound(s.draft.id);
    const both = await Promise.all([recordInboundReply(twin), recordInboundReply(twin)]);
    expect(both.map((b) => b.duplicate).sort()).toEqual([false, true]);
    await Promise.all(both.map((b) => b.done));

    expect(await db.conversationMessage.count({ where: { threadId: first.threadId, direction: "inbound" } })).toBe(2);
    expect((await db.conversationThread.findUniqueOrThrow({ where: { id: first.threadId } })).messageCount).toBe(3);
    expect(await db.draft.count({ where: { organizationId: A.orgId, parentMessage: { threadId: first.threadId } } })).toBe(2);
    expect(await db.run.count({ where: { organizationId: A.orgId, kind: "reply_drafting", params: { path: ["parentDraftId"], equals: s.draft.id } } })).toBe(2);
    expect(await db.notification.count({ where: { organizationId: A.orgId, kind: "reply.received", payload: { path: ["draftId"], equals: s.draft.id } } })).toBe(2);
    // The draft flipped once; its second message left it replied.
    expect(await draftRow(s.draft.id)).toMatchObject({ state: "replied", version: 2 });
  });

  it("a failed drafting run leaves a placeholder that the reviewer retries into a finished reply", async () => {
    await scriptOrgPlaybook(A.orgId, "reply-drafter", QUIT_SCRIPT);
    const s = await sentDraft(A.orgId);
    const r = await recordInboundReply(inbound(s.draft.id));
    expect(await r.done).toEqual({ status: "failed", failureReason: "playbook_incomplete" });
    expect(await draftRow(r.replyDraftId!)).toMatchObject({ draftingRunId: r.runId, body: "Drafting a reply…" });
    const detail = await getThreadOrThrow({ orgId: A.orgId, id: r.threadId });
    expect(detail.openReplies[0]).toMatchObject({ status: "drafting_failed", failureReason: "playbook_incomplete" });
    // Still not approvable: the flag holds until a drafting run succeeds.
    expect((await call(draftRoute.PATCH, { cookie: A.cookie, method: "PATCH", params: { id: String(r.replyDraftId) }, body: { state: "approved" } })).status).toBe(409);

    // The first retry hangs: while it is alive, another retry is refused.
    await scriptOrgPlaybook(A.orgId, "reply-drafter", HANG_SCRIPT);
    const hung = await call(retryRoute.POST, { cookie: A.cookie, method: "POST", params: { id: String(r.replyDraftId) } });
    expect(hung.status).toBe(202);
    expect(hung.json.runId).not.toBe(r.runId);
    const busy = await call(retryRoute.POST, { cookie: A.cookie, method: "POST", params: { id: String(r.replyDraftId) } });
    expect(busy.status).toBe(409);
    expect(busy.json).toMatchObject({ error: "conflict", runId: hung.json.runId });
    await cancelRun({ orgId: A.orgId, runId: hung.json.runId, by: "test" });

    await scriptOrgPlaybook(A.orgId, "reply-drafter", FINISH_SCRIPT);
    const res = await call(retryRoute.POST, { cookie: A.cookie, method: "POST", params: { id: String(r.replyDraftId) } });
    expect(res.status).toBe(202);
    const retryRunId = res.json.runId as number;
    const retry = await runRow(retryRunId);
    expect(retry).toMatchObject({ kind: "reply_drafting", trigger: "retry" });
    expect(retry.params).toMatchObject({ draftId: r.replyDraftId, parentDraftId: s.draft.id, messageId: r.messageId });
    expect((await db.draftEvent.findMany({ where: { draftId: r.replyDraftId!, event: "reply_drafting_enqueued" } })).length).toBe(3);

    await expect.poll(async () => (await runRow(retryRunId)).status, { timeout: 20_000 }).toBe("success");
    expect(await draftRow(r.replyDraftId!)).toMatchObject({ body: REPLY_BODY, qualityScore: 77, draftingRunId: null });
    // A drafted reply is no placeholder: nothing to retry.
    const done = await call(retryRoute.POST, { cookie: A.cookie, method: "POST", params: { id: String(r.replyDraftId) } });
    expect(done.status).toBe(409);
    expect(done.json.message).toMatch(/already been drafted/);
  });

  it("when the campaign's runner cannot run, the reply is drafted on a runner that can", async () => {
    // Only the fake agent can run: the agent CLIs on the test's PATH (gemini) are hidden for this test.
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), "no-clis-"));
    const savedPath = process.env.PATH;
    process.env.PATH = empty;
    try {
      await detectRunners({ refresh: true });
      await scriptOrgPlaybook(A.orgId, "reply-drafter", FINISH_SCRIPT);
      const s = await sentDraft(A.orgId, { runner: MISSING_SLUG });
      const r = await recordInboundReply(inbound(s.draft.id));
      expect(await r.done).toEqual({ status: "success", failureReason: null });
      expect(await runRow(r.runId!)).toMatchObject({ runner: FAKE_SLUG, status: "success" });
      expect(await draftRow(r.replyDraftId!)).toMatchObject({ body: REPLY_BODY, draftingRunId: null });
    } finally {
      process.env.PATH = savedPath;
      fs.rmSync(empty, { recursive: true, force: true });
      await detectRunners({ refresh: true });
    }
  });

  it("a second message keeps the draft replied with its own continuation; an answer to our sent reply joins the same thread in order", async () => {
    await scriptOrgPlaybook(A.orgId, "reply-drafter", FINISH_SCRIPT);
    const s = await sentDraft(A.orgId);
    const t0 = Date.now() - 50_000;
    const one = await recordInboundReply(inbound(s.draft.id, { body: "First question", sentAt: new Date(t0) }));
    await one.done;
    const two = await recordInboundReply(inbound(s.draft.id, { body: "And a second thought", sentAt: new Date(t0 + 1_000) }));
    await two.done;
    expect(two.threadId).toBe(one.threadId);
    expect(two.replyDraftId).not.toBe(one.replyDraftId);
    expect(await draftRow(s.draft.id)).toMatchObject({ state: "replied", version: 2 });
    expect((await draftRow(two.replyDraftId!)).parentMessageId).toBe(two.messageId);

    // We send the first continuation; the person answers it.
    await approveDraft({ orgId: A.orgId, id: one.replyDraftId!, actor: { type: "system", label: "test" } });
    await sendDraft({ orgId: A.orgId, id: one.replyDraftId!, actor: { type: "system", label: "test" }, at: new Date(t0 + 2_000) });
    const before = await getThreadOrThrow({ orgId: A.orgId, id: one.threadId });
    expect(before.timeline.map((m) => [m.direction, m.body])).toEqual([
      ["outbound", OPENING], ["inbound", "First question"], ["inbound", "And a second thought"], ["outbound", REPLY_BODY],
    ]);
    expect(before.timeline[3]).toMatchObject({ messageId: null, draftId: one.replyDraftId });

    const three = await recordInboundReply(inbound(one.replyDraftId!, { body: "Yes please, send it", sentAt: new Date(t0 + 3_000) }));
    await three.done;
    expect(three.threadId).toBe(one.threadId);
    expect(await draftRow(one.replyDraftId!)).toMatchObject({ state: "replied" });
    const after = await getThreadOrThrow({ orgId: A.orgId, id: one.threadId });
    expect(after.thread.messageCount).toBe(5);
    expect(after.timeline.map((m) => [m.direction, m.body, m.messageId !== null])).toEqual([
      ["outbound", OPENING, true], ["inbound", "First question", true], ["inbound", "And a second thought", true],
      ["outbound", REPLY_BODY, true], ["inbound", "Yes please, send it", true],
    ]);
    // The third continuation answers the newest message and is a DM reply again.
    expect(await draftRow(three.replyDraftId!)).toMatchObject({ kind: "reply_dm", parentMessageId: three.messageId });
    // Open replies: the second continuation (to review) and the third.
    expect(after.openReplies.map((o) => o.draft.id).sort()).toEqual([two.replyDraftId, three.replyDraftId].sort());
  });

  it("a comment on a post continues as reply_comment to the commenter, at the comment's permalink", async () => {
    await scriptOrgPlaybook(A.orgId, "reply-drafter", QUIT_SCRIPT);
    const s = await sentDraft(A.orgId, { kind: "post" });
    const r = await recordInboundReply({ ...inbound(s.draft.id, { author: "bob_ops", permalink: "https://forum.example/r/selfhosted/comments/abc/c1" }), threadExternalId: "abc" });
    await r.done;
    const thread = await db.conversationThread.findUniqueOrThrow({ where: { id: r.threadId } });
    expect(thread).toMatchObject({ kind: "post_comment", targetUser: "bob_ops", externalId: "abc" });
    expect(await draftRow(r.replyDraftId!)).toMatchObject({ kind: "reply_comment", targetUser: "bob_ops", targetCommunity: "selfhosted", targetUrl: "https://forum.example/r/selfhosted/comments/abc/c1" });
    // A post addresses a community: nobody's contact history is written.
    expect(await db.contactHistory.count({ where: { organizationId: A.orgId, lastDraftId: s.draft.id } })).toBe(0);
  });

  it("a draft that was never sent cannot receive a reply, and another organization's draft is not found", async () => {
    const s = await sentDraft(A.orgId);
    await db.draft.update({ where: { id: s.draft.id }, data: { state: "approved" } });
    await expect(recordInboundReply(inbound(s.draft.id))).rejects.toMatchObject({ code: "conflict" });
    const B = await createOrg();
    await db.draft.update({ where: { id: s.draft.id }, data: { state: "sent" } });
    await expect(recordInboundReply(inbound(s.draft.id, {}, B.orgId))).rejects.toMatchObject({ code: "not_found" });
    expect(await db.conversationThread.count({ where: { parentDraftId: s.draft.id } })).toBe(0);
    expect(await db.draft.count({ where: { organizationId: B.orgId } })).toBe(0);
  });
});

describe("thread and contact reads", () => {
  it("page threads by last activity, keep to the organization, and link contacts to their thread", async () => {
    const [X, Y] = await Promise.all([createOrg(), createOrg()]);
    const base = Date.now() - 10 * 60_000;
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const d = await db.draft.create({ data: { organizationId: X.orgId, state: "replied", kind: "dm", platform: "forum", accountHandle: "me", targetUser: `Person_${i}`, body: "Hi", sentAt: new Date(base) } });
      // Two threads share a last_message_at, so the id breaks the tie.
      const t = await db.conversationThread.create({
        data: { organizationId: X.orgId, platform: "forum", accountHandle: "me", targetUser: `Person_${i}`, kind: "dm", parentDraftId: d.id, lastMessageAt: new Date(base + (i === 2 ? 1 : 2) * 60_000), messageCount: 0 },
      });
      ids.push(t.id);
      await db.contactHistory.create({ data: { organizationId: X.orgId, platform: "forum", targetUser: `person_${i}`, accountHandle: "me", firstContactedAt: new Date(base), lastContactedAt: new Date(base + i * 1000), outcome: "replied" } });
    }
    const first = await listThreads({ orgId: X.orgId, limit: 2 });
    expect(first.threads.map((t) => t.id)).toEqual([ids[1], ids[0]]);
    expect(first.threads[0]).toMatchObject({ lastMessage: null, replyStatus: null, openReplies: 0 });
    const second = await listThreads({ orgId: X.orgId, limit: 2, cursor: decodeThreadCursor(first.nextCursor!) });
    expect(second.threads.map((t) => t.id)).toEqual([ids[2]]);
    expect(second.nextCursor).toBeNull();
    expect(() => decodeThreadCursor("not-a-cursor")).toThrow(/Invalid cursor/);

    const { contacts } = await listContacts({ orgId: X.orgId });
    expect(contacts.map((c) => [c.targetUser, c.threadId])).toEqual([["person_2", ids[2]], ["person_1", ids[1]], ["person_0", ids[0]]]);
    expect((await listContacts({ orgId: X.orgId, q: "SON_1" })).contacts.map((c) => c.targetUser)).toEqual(["person_1"]);

    // Another organization sees none of it.
    expect((await listThreads({ orgId: Y.orgId })).threads).toEqual([]);
    expect((await listContacts({ orgId: Y.orgId })).contacts).toEqual([]);
    await expect(getThreadOrThrow({ orgId: Y.orgId, id: ids[0]! })).rejects.toMatchObject({ code: "not_found" });
  });
});
