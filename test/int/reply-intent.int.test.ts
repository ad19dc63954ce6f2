// Reply intent (docs/conversations.md "Reply intent"): the rule pass on arrival, the reply-drafting run setting it
// through reply_draft_finish (the scripted fake agent over the tool server), a reviewer's correction through
// PUT /api/messages/[id]/intent (kept, and standing against a later run), the Threads tab's sort and filter, the
// reply.received notification that webhooks send, and the positive reply rate on Outcomes.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { recordInboundReply } from "@/lib/conversations/record-inbound-reply";
import { decodeThreadCursor, INTENT_RANK_SQL, listThreads } from "@/lib/conversations/list-threads";
import { refreshOutcomes } from "@/lib/outcomes/refresh-outcomes";
import * as intentRoute from "@/app/api/messages/[id]/intent/route";
import * as outcomesRoute from "@/app/api/outcomes/route";
import { call } from "./http";
import type { OrgFixture } from "./fixtures";
import { scriptOrgPlaybook } from "./agent-harness";
import { HANG_SCRIPT, inboundReply, REPLY_BODY, sentDraft, useRepliesWorld } from "./replies-harness";

const world = useRepliesWorld();
let A: OrgFixture;
beforeAll(() => {
  ({ A } = world);
});

const finishWith = (intent: Record<string, unknown>) => ({
  steps: [
    { tool: "reply_draft_start" },
    { tool: "reply_draft_finish", args: { body: REPLY_BODY, qualityScore: 80, ...intent } },
  ],
});

const message = (id: number) => db.conversationMessage.findUniqueOrThrow({ where: { id } });
const correct = (id: number, body: unknown, cookie = A.cookie) => call(intentRoute.PUT, { method: "PUT", cookie, params: { id: String(id) }, body });

describe("the rule pass", () => {
  it("sorts an out-of-office reply on arrival and the reply.received notification carries it", async () => {
    await scriptOrgPlaybook(A.orgId, "reply-drafter", HANG_SCRIPT);
    const s = await sentDraft(A.orgId);
    const r = await recordInboundReply(inboundReply(A.orgId, s.draft.id, { author: s.target, body: "Automatic reply: I am out of the office until 4 January." }));
    expect(await message(r.messageId)).toMatchObject({ intent: "out_of_office", intentSource: "rules", answeredDraftId: s.draft.id });
    expect((await message(r.messageId)).intentConfidence).toBeGreaterThan(0.8);
    expect(await db.conversationThread.findUniqueOrThrow({ where: { id: r.threadId } })).toMatchObject({ intent: "out_of_office" });
    const note = await db.notification.findFirstOrThrow({ where: { organizationId: A.orgId, kind: "reply.received", payload: { path: ["messageId"], equals: r.messageId } } });
    expect(note.payload).toMatchObject({ intent: "out_of_office", intentReason: expect.stringContaining("out of the office") });
    await db.run.update({ where: { id: r.runId! }, data: { status: "failed", finishedAt: new Date() } });
  });

  it("an opt-out phrase is opt_out, opts the person out as before and drafts nothing", async () => {
    const s = await sentDraft(A.orgId);
    const r = await recordInboundReply(inboundReply(A.orgId, s.draft.id, { author: s.target, body: "Please stop messaging me." }));
    expect(r.optedOut).toBe(true);
    expect(r.replyDraftId).toBeNull();
    expect(await message(r.messageId)).toMatchObject({ intent: "opt_out", intentSource: "rules" });
    expect((await db.contactHistory.findFirstOrThrow({ where: { organizationId: A.orgId, targetUser: s.target } })).optedOutAt).not.toBeNull();
    const note = await db.notification.findFirstOrThrow({ where: { organizationId: A.orgId, kind: "reply.received", payload: { path: ["messageId"], equals: r.messageId } } });
    expect(note.payload).toMatchObject({ optedOut: true, intent: "opt_out" });
  });
});

describe("the reply-drafting run", () => {
  it("sets the intent through reply_draft_finish, replacing the rule pass's guess", async () => {
    await scriptOrgPlaybook(A.orgId, "reply-drafter", finishWith({ intent: "interested", intentConfidence: 0.85, intentReason: "Asks for a demo next week" }));
    const s = await sentDraft(A.orgId);
    const r = await recordInboundReply(inboundReply(A.orgId, s.draft.id, { author: s.target, body: "This looks great, could we do a demo next week" }));
    expect((await message(r.messageId)).intentSource).toBe("rules");
    expect(await r.done).toEqual({ status: "success", failureReason: null });
    expect(await message(r.messageId)).toMatchObject({ intent: "interested", intentConfidence: 0.85, intentReason: "Asks for a demo next week", intentSource: "run" });
    expect(await db.conversationThread.findUniqueOrThrow({ where: { id: r.threadId } })).toMatchObject({ intent: "interested" });
    const events = await db.draftEvent.findMany({ where: { draftId: s.draft.id, event: "reply_intent_set" }, orderBy: { id: "asc" } });
    expect(events.map((e) => [e.actorType, (e.details as { intent: string }).intent])).toEqual([["system", "other"], ["run", "interested"]]);
  });

  it("leaves the rule pass's intent when the agent does not say", async () => {
    await scriptOrgPlaybook(A.orgId, "reply-drafter", finishWith({}));
    const s = await sentDraft(A.orgId);
    const r = await recordInboundReply(inboundReply(A.orgId, s.draft.id, { author: s.target, body: "Sono fuori ufficio fino al 6 gennaio." }));
    expect(await r.done).toEqual({ status: "success", failureReason: null });
    expect(await message(r.messageId)).toMatchObject({ intent: "out_of_office", intentSource: "rules" });
  });

  it("refuses an intent outside the list, and the run then fails without writing it", async () => {
    await scriptOrgPlaybook(A.orgId, "reply-drafter", finishWith({ intent: "maybe" }));
    const s = await sentDraft(A.orgId);
    const r = await recordInboundReply(inboundReply(A.orgId, s.draft.id, { author: s.target, body: "Hmm, tell me more" }));
    const outcome = await r.done;
    expect(outcome?.status).toBe("failed");
    expect(await message(r.messageId)).toMatchObject({ intent: "other", intentSource: "rules" });
  });
});

describe("a reviewer's correction", () => {
  it("corrects in one call, keeps every correction, and a later run does not overwrite it", async () => {
    await scriptOrgPlaybook(A.orgId, "reply-drafter", HANG_SCRIPT);
    const s = await sentDraft(A.orgId);
    const r = await recordInboundReply(inboundReply(A.orgId, s.draft.id, { author: s.target, body: "Thanks, I'll take a look later." }));
    expect((await message(r.messageId)).intent).toBe("other");

    const res = await correct(r.messageId, { intent: "not_now" });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ messageId: r.messageId, threadId: r.threadId, intent: "not_now", previousIntent: "other", source: "reviewer" });
    expect((await correct(r.messageId, { intent: "interested" })).status).toBe(200);
    const kept = await db.replyIntentCorrection.findMany({ where: { messageId: r.messageId }, orderBy: { id: "asc" } });
    expect(kept.map((c) => [c.fromIntent, c.fromSource, c.toIntent, c.userId])).toEqual([
      ["other", "rules", "not_now", A.userId],
      ["not_now", "reviewer", "interested", A.userId],
    ]);
    expect(await message(r.messageId)).toMatchObject({ intent: "interested", intentSource: "reviewer", intentConfidence: 1 });

    // The run that was drafting meanwhile finishes with its own reading: the reviewer's word stands.
    const { completeReplyDrafting } = await import("@/lib/replies/complete-reply-drafting");
    await completeReplyDrafting({ orgId: A.orgId, runId: r.runId!, body: REPLY_BODY, qualityScore: 70, intent: "not_interested", intentConfidence: 0.9 });
    expect(await message(r.messageId)).toMatchObject({ intent: "interested", intentSource: "reviewer" });
  });

  it("correcting to opt_out opts the person out", async () => {
    await scriptOrgPlaybook(A.orgId, "reply-drafter", HANG_SCRIPT);
    const s = await sentDraft(A.orgId);
    const r = await recordInboundReply(inboundReply(A.orgId, s.draft.id, { author: s.target, body: "Why do you keep writing?" }));
    expect((await correct(r.messageId, { intent: "opt_out" })).status).toBe(200);
    const contact = await db.contactHistory.findFirstOrThrow({ where: { organizationId: A.orgId, targetUser: s.target } });
    expect(contact.optedOutAt).not.toBeNull();
    await db.run.update({ where: { id: r.runId! }, data: { status: "failed", finishedAt: new Date() } });
  });

  it("an outbound message is not a reply to correct", async () => {
    const outbound = await db.conversationMessage.findFirstOrThrow({ where: { organizationId: A.orgId, direction: "outbound" } });
    const res = await correct(outbound.id, { intent: "interested" });
    expect(res.status).toBe(404);
    expect(await db.replyIntentCorrection.count({ where: { messageId: outbound.id } })).toBe(0);
  });
});

describe("threads and outcomes", () => {
  it("the Threads tab sorts interested first and filters by intent", async () => {
    const all = await listThreads({ orgId: A.orgId, sort: "intent" });
    const intents = all.threads.map((t) => t.intent);
    const rank = (i: string | null) => ["interested", "question", "not_now", "other", "out_of_office", "not_interested", "opt_out"].indexOf(i ?? "") >>> 0;
    expect(intents.slice(0, 2)).toEqual(["interested", "interested"]);
    expect(intents.map(rank)).toEqual([...intents.map(rank)].sort((a, b) => a - b));
    const outOfOffice = await listThreads({ orgId: A.orgId, intent: "out_of_office" });
    expect(outOfOffice.threads.length).toBe(2);
    expect(outOfOffice.threads.every((t) => t.intent === "out_of_office")).toBe(true);

    // Keyset pages in intent order cover every thread once.
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof listThreads>> = await listThreads({ orgId: A.orgId, sort: "intent", limit: 2, cursor: cursor ? decodeThreadCursor(cursor) : undefined });
      seen.push(...page.threads.map((t) => t.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(all.threads.map((t) => t.id));
  });

  it("the intent order reads the rank index, whose expression is the code's", async () => {
    const plan = await db.$transaction(async (tx) => {
      // Small tables are cheaper to scan: forbid that, so the plan shows whether the index can serve the order at all.
      await tx.$executeRawUnsafe("SET LOCAL enable_seqscan = off");
      await tx.$executeRawUnsafe("SET LOCAL enable_sort = off");
      return tx.$queryRawUnsafe<{ "QUERY PLAN": string }[]>(
        `EXPLAIN SELECT id FROM conversation_threads WHERE organization_id = ${A.orgId} ORDER BY ${INTENT_RANK_SQL}, last_message_at DESC, id DESC LIMIT 50`,
      );
    });
    const text = plan.map((r) => r["QUERY PLAN"]).join("\n");
    expect(text).toContain("conversation_threads_intent_rank_idx");
    expect(text).not.toMatch(/\bSort\b/);
  });

  it("Outcomes counts interested and question replies over sent as the positive reply rate", async () => {
    await db.outcomeRollupState.deleteMany({ where: { organizationId: A.orgId } });
    await refreshOutcomes({ orgId: A.orgId });
    const res = await call(outcomesRoute.GET, { cookie: A.cookie, path: "/api/outcomes" });
    expect(res.status).toBe(200);
    const { totals } = res.json;
    // Every sent draft above got one reply; two were read as interested (the run's, the reviewer's), none as a question
    // that stayed one: the rest are out of office, opt-outs, other and not-now.
    const positives = await db.conversationMessage.count({ where: { organizationId: A.orgId, direction: "inbound", intent: { in: ["interested", "question"] } } });
    expect(totals.positiveReplied).toBe(positives);
    expect(totals.positiveReplied).toBeGreaterThanOrEqual(2);
    expect(totals.positiveReplyRate).toBeCloseTo(totals.positiveReplied / totals.sent, 6);
    expect(totals.positiveReplyRateInterval.low).toBeLessThan(totals.positiveReplyRate);
  });
});
