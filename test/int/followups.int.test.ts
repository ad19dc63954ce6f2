// Follow-ups on silence (docs/sequences.md) with the real tick, the real send path and the scripted agent drafting
// each follow-up through followup_draft_start / followup_draft_finish. Time moves by writing send times back in SQL;
// nothing sleeps.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { log } from "@/lib/log/logger";
import { approveDraft } from "@/lib/drafts/approve-draft";
import { sendDraft } from "@/lib/drafts/send-draft";
import { getDraftOrThrow } from "@/lib/drafts/get-draft";
import { updateCampaign } from "@/lib/campaigns/update-campaign";
import { recordInboundReply } from "@/lib/conversations/record-inbound-reply";
import { unsafeArmFollowups } from "@/lib/followups/arm-followups";
import { unsafeDraftDueFollowups } from "@/lib/followups/draft-due-followups";
import { followupTickJob } from "@/lib/jobs/followup-tick";
import { refreshOutcomes } from "@/lib/outcomes/refresh-outcomes";
import { getOutcomes } from "@/lib/outcomes/get-outcomes";
import { createAccountRow, createOrg, createProject, uid, type OrgFixture } from "./fixtures";
import { FAKE_SLUG, scriptOrgPlaybook } from "./agent-harness";
import { inboundReply, QUIT_SCRIPT, useRepliesWorld } from "./replies-harness";

const world = useRepliesWorld();
let A: OrgFixture;
const DAY = 86_400_000;
const FOLLOWUP_BODY = "Quick follow-up: the retry wrapper is a two-line change, happy to show it.";
const FINISH = {
  steps: [
    { tool: "followup_draft_start" },
    { tool: "followup_draft_finish", args: { body: FOLLOWUP_BODY, qualityScore: 71, qualityReason: "short and new" } },
  ],
};
const person = { type: "user" as const, id: 1, label: "reviewer" };

beforeAll(async () => {
  ({ A } = world);
  await scriptOrgPlaybook(A.orgId, "followup-drafter", FINISH);
  // Replies recorded here also start a reply-drafting run: it ends at once.
  await scriptOrgPlaybook(A.orgId, "reply-drafter", QUIT_SCRIPT);
});

/** One tick as the job runs it, but waiting for the drafting runs it started. */
async function tick(now = new Date(), orgId = A.orgId) {
  await unsafeArmFollowups({ now, orgIds: [orgId] });
  const r = await unsafeDraftDueFollowups({ now, orgIds: [orgId] });
  await Promise.all(r.done);
  return r;
}

/** An active campaign with follow-up steps and one DM sent `daysAgo` days ago to a fresh person. */
async function sequence(steps: Array<{ afterDays: number; guidance?: string }>, daysAgo: number, opts: { kind?: "dm" | "post_comment" } = {}) {
  const project = await createProject(A.orgId);
  const account = await createAccountRow(A.orgId, project.id);
  const campaign = await db.campaign.create({
    data: {
      organizationId: A.orgId, projectId: project.id, name: `Campaign ${uid()}`, platform: "forum", skill: "forum-scout",
      runner: FAKE_SLUG, state: "active", config: { tone: "warm", followups: steps },
    },
  });
  const message = await sentMessage({ projectId: project.id, accountId: account.id, accountHandle: account.platformId, campaignId: campaign.id }, `bob_${uid()}`, daysAgo, opts.kind);
  return { project, account, campaign, message, target: message.targetUser };
}

async function sentMessage(
  c: { projectId: number; accountId: number; accountHandle: string; campaignId: number },
  targetUser: string, daysAgo: number, kind: "dm" | "post_comment" = "dm",
) {
  const sentAt = new Date(Date.now() - daysAgo * DAY);
  const draft = await db.draft.create({
    data: {
      organizationId: A.orgId, ...c, state: "sent", kind, platform: "forum", targetUser, targetCommunity: "selfhosted",
      targetUrl: "https://forum.example/r/selfhosted/comments/abc", body: "Hi, saw your post on flaky CI. Want to compare notes?", sentAt,
    },
  });
  await db.contactHistory.upsert({
    where: { organizationId_platform_targetUser: { organizationId: A.orgId, platform: "forum", targetUser } },
    update: { lastContactedAt: sentAt, lastDraftId: draft.id },
    create: { organizationId: A.orgId, platform: "forum", targetUser, accountHandle: c.accountHandle, projectId: c.projectId, lastDraftId: draft.id, firstContactedAt: sentAt, lastContactedAt: sentAt, outcome: "sent" },
  });
  return draft;
}

const row = (id: number) => db.draft.findUniqueOrThrow({ where: { id } });
const followupsOf = (id: number) => db.draft.findMany({ where: { organizationId: A.orgId, followsDraftId: id } });
/** Moves a sent message's send back in time, as if `days` had passed. */
const ageBy = (id: number, days: number) => db.$executeRaw`UPDATE drafts SET sent_at = sent_at - make_interval(days => ${days}) WHERE id = ${id}`;

async function approveAndSend(id: number) {
  await approveDraft({ orgId: A.orgId, id, actor: person });
  await sendDraft({ orgId: A.orgId, id, actor: person });
}

describe("a sequence of two follow-ups", () => {
  it("fires each step on time, once each under two concurrent ticks, drafted by the agent and shown as step N of 2", async () => {
    const s = await sequence([{ afterDays: 3, guidance: "shorter, mention the retry wrapper" }, { afterDays: 7 }], 2);
    // Two days of silence: step 1 (3 days) is not due yet.
    expect((await tick()).drafted).toBe(0);
    expect(await followupsOf(s.message.id)).toEqual([]);

    // Two days later it is (the send moved back, the due time computed again); two instances tick at once and one
    // follow-up is drafted.
    await db.draft.update({ where: { id: s.message.id }, data: { followupDueAt: null } });
    await ageBy(s.message.id, 2);
    const [t1, t2] = await Promise.all([tick(), tick()]);
    expect(t1.drafted + t2.drafted).toBe(1);
    const [first] = await followupsOf(s.message.id);
    expect(first).toMatchObject({
      kind: "followup_dm", state: "pending_review", followupStep: 1, followupOf: 2, body: FOLLOWUP_BODY, qualityScore: 71,
      draftingRunId: null, accountId: s.account.id, targetUser: s.target, campaignId: s.campaign.id,
    });
    expect(await row(s.message.id)).toMatchObject({ followupStopReason: null, followupDueAt: null });
    expect((await row(s.message.id)).followupClosedAt).not.toBeNull();
    const run = await db.run.findUniqueOrThrow({ where: { id: first!.runId! } });
    expect(run).toMatchObject({ kind: "followup_drafting", status: "success", playbookSlug: "followup-drafter", campaignId: s.campaign.id, trigger: "followup" });
    const view = await getDraftOrThrow({ orgId: A.orgId, id: first!.id });
    expect(view.followup).toEqual({ step: 1, of: 2, followsDraftId: s.message.id, label: "Follow-up 1 of 2" });
    // Another tick drafts nothing more for this message.
    expect((await tick()).drafted).toBe(0);

    // Follow-up 1 is approved and sent; a week of silence later, step 2 follows it, once.
    await approveAndSend(first!.id);
    expect((await tick()).drafted).toBe(0);
    await db.draft.update({ where: { id: first!.id }, data: { followupDueAt: null } });
    await ageBy(first!.id, 8);
    const [t3, t4] = await Promise.all([tick(), tick()]);
    expect(t3.drafted + t4.drafted).toBe(1);
    const [second] = await followupsOf(first!.id);
    expect(second).toMatchObject({ kind: "followup_dm", followupStep: 2, followupOf: 2, body: FOLLOWUP_BODY, state: "pending_review" });

    // After the last step the sequence ends, however long the silence.
    await approveAndSend(second!.id);
    await ageBy(second!.id, 30);
    expect((await tick()).drafted).toBe(0);
    expect(await row(second!.id)).toMatchObject({ followupStopReason: "last_step" });
  });

  it("the job itself (followup-tick) drafts a due follow-up and its run reads the earlier message and the step's guidance", async () => {
    const s = await sequence([{ afterDays: 3, guidance: "mention the case study" }], 4);
    const result = await followupTickJob.run({ now: new Date(), log, orgIds: [A.orgId] });
    expect(result).toMatchObject({ drafted: 1 });
    const [f] = await followupsOf(s.message.id);
    const deadline = Date.now() + 20_000;
    while ((await row(f!.id)).draftingRunId !== null && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    const events = await db.runEvent.findMany({ where: { runId: f!.runId!, type: "tool_call_update" }, orderBy: { seq: "asc" } });
    const start = JSON.stringify(events[0]?.payload ?? {});
    expect(start).toContain("mention the case study");
    expect(start).toContain(s.target);
  });

  it("a comment is followed up by a comment in the same place", async () => {
    const s = await sequence([{ afterDays: 2 }], 3, { kind: "post_comment" });
    await tick();
    const [f] = await followupsOf(s.message.id);
    expect(f).toMatchObject({ kind: "followup_comment", targetUrl: s.message.targetUrl, followupStep: 1, followupOf: 1 });
  });
});

describe("what stops a sequence", () => {
  it("a reply stops it for good, on any thread with the person", async () => {
    const s = await sequence([{ afterDays: 3 }], 4);
    // The same person answered a message of another campaign.
    const other = await sequence([{ afterDays: 3 }], 1);
    await db.draft.update({ where: { id: other.message.id }, data: { targetUser: s.target } });
    await recordInboundReply(inboundReply(A.orgId, other.message.id, { author: s.target, body: "Thanks, interesting. What does it cost?" })).then((r) => r.done);
    expect((await tick()).drafted).toBe(0);
    expect(await row(s.message.id)).toMatchObject({ followupStopReason: "replied" });
    expect(await followupsOf(s.message.id)).toEqual([]);
  });

  it("an opt-out, the blocklist or an erasure stops it", async () => {
    const opted = await sequence([{ afterDays: 3 }], 4);
    await db.contactHistory.update({ where: { organizationId_platform_targetUser: { organizationId: A.orgId, platform: "forum", targetUser: opted.target } }, data: { optedOutAt: new Date(), optOutSource: "person" } });
    const blocked = await sequence([{ afterDays: 3 }], 4);
    await db.blocklistEntry.create({ data: { organizationId: A.orgId, type: "user", value: blocked.target } });
    const r = await tick();
    expect(r.drafted).toBe(0);
    expect(await row(opted.message.id)).toMatchObject({ followupStopReason: "opted_out" });
    expect(await row(blocked.message.id)).toMatchObject({ followupStopReason: "blocklisted" });
  });

  it("pausing the campaign stops it for good: resuming does not bring the follow-up back", async () => {
    const s = await sequence([{ afterDays: 3 }], 4);
    await updateCampaign({ orgId: A.orgId, id: s.campaign.id, patch: { state: "paused" } });
    expect(await row(s.message.id)).toMatchObject({ followupStopReason: "campaign_paused" });
    await updateCampaign({ orgId: A.orgId, id: s.campaign.id, patch: { state: "active" } });
    expect((await tick()).drafted).toBe(0);
    expect(await followupsOf(s.message.id)).toEqual([]);
  });

  it("a reply read as not_interested stops it with that reason", async () => {
    const s = await sequence([{ afterDays: 3 }], 4);
    // A reply stored before the tick looked (with the intent a reviewer or the run gave it), its wait still open.
    const thread = await db.conversationThread.create({
      data: { organizationId: A.orgId, platform: "forum", accountHandle: s.account.platformId, targetUser: s.target, kind: "dm", parentDraftId: s.message.id, lastMessageAt: new Date(), messageCount: 1 },
    });
    await db.conversationMessage.create({
      data: { organizationId: A.orgId, threadId: thread.id, direction: "inbound", author: s.target, body: "Not for us, thanks.", externalId: `t4_${uid()}`, sentAt: new Date(), intent: "not_interested", intentSource: "reviewer" },
    });
    expect((await tick()).drafted).toBe(0);
    expect(await row(s.message.id)).toMatchObject({ followupStopReason: "not_interested" });
  });

  it("a removed comment is not followed up", async () => {
    const s = await sequence([{ afterDays: 3 }], 4, { kind: "post_comment" });
    await db.draft.update({ where: { id: s.message.id }, data: { visibility: "removed" } });
    expect((await tick()).drafted).toBe(0);
    expect(await row(s.message.id)).toMatchObject({ followupStopReason: "removed" });
  });

  it("a follow-up pending review is withdrawn by a reply, and the inbox says why", async () => {
    const s = await sequence([{ afterDays: 3 }, { afterDays: 5 }], 4);
    await tick();
    const [pending] = await followupsOf(s.message.id);
    expect(pending!.state).toBe("pending_review");
    await recordInboundReply(inboundReply(A.orgId, s.message.id, { author: s.target, body: "Sorry for the delay! Yes, let's talk." })).then((r) => r.done);
    expect(await row(pending!.id)).toMatchObject({ state: "rejected", withdrawnReason: "replied" });
    const event = await db.draftEvent.findFirstOrThrow({ where: { draftId: pending!.id, event: "rejected" } });
    expect(event.details).toMatchObject({ reason: "replied", withdrawn: true });
    expect((await getDraftOrThrow({ orgId: A.orgId, id: pending!.id })).withdrawnReason).toBe("replied");
  });

  it("an out-of-office reply with a return date moves the next follow-up after that date instead of stopping it", async () => {
    const s = await sequence([{ afterDays: 3 }], 4);
    const back = new Date(Date.now() + 10 * DAY);
    const date = back.toISOString().slice(0, 10);
    await recordInboundReply(inboundReply(A.orgId, s.message.id, { author: s.target, body: `Out of office until ${date}, limited access to email.`, sentAt: new Date() })).then((r) => r.done);
    expect((await row(s.message.id)).followupClosedAt).toBeNull();
    expect((await tick()).drafted).toBe(0);
    await tick(new Date(back.getTime() + 2 * DAY));
    expect(await followupsOf(s.message.id)).toHaveLength(1);
  });
});

describe("follow-ups are sent like first messages", () => {
  it("the account's sending limits and the person's opt-out hold a follow-up at send", async () => {
    const s = await sequence([{ afterDays: 3 }], 4);
    await tick();
    const [f] = await followupsOf(s.message.id);
    await approveDraft({ orgId: A.orgId, id: f!.id, actor: person });
    await db.contactHistory.update({ where: { organizationId_platform_targetUser: { organizationId: A.orgId, platform: "forum", targetUser: s.target } }, data: { optedOutAt: new Date(), optOutSource: "person" } });
    await expect(sendDraft({ orgId: A.orgId, id: f!.id, actor: person })).rejects.toMatchObject({ code: "held" });
    expect(await row(f!.id)).toMatchObject({ state: "approved" });
    expect((await row(f!.id)).heldReason).toMatch(/asked not to be contacted/);

    // The account already sent its one message of the day: the follow-up waits for room like a first message would.
    const capped = await sequence([{ afterDays: 3 }], 4);
    await tick();
    const [g] = await followupsOf(capped.message.id);
    await approveDraft({ orgId: A.orgId, id: g!.id, actor: person });
    await db.account.update({ where: { id: capped.account.id }, data: { sendingPolicy: { dailyCap: 1, hourlyCap: 200, minGapSeconds: 0, jitterSeconds: 0, warmup: false } } });
    await db.accountSend.create({ data: { organizationId: A.orgId, accountId: capped.account.id, draftId: capped.message.id, sentAt: new Date(Date.now() - 3_600_000) } });
    await expect(sendDraft({ orgId: A.orgId, id: g!.id, actor: person })).rejects.toMatchObject({ code: "held" });
    expect(await row(g!.id)).toMatchObject({ state: "approved" });
    expect((await row(g!.id)).heldUntil).not.toBeNull();
  });
});

describe("outcomes per step", () => {
  it("counts sends and replies of the first message and of each follow-up apart", async () => {
    const s = await sequence([{ afterDays: 3 }, { afterDays: 7 }], 4);
    await tick();
    const [f] = await followupsOf(s.message.id);
    await approveAndSend(f!.id);
    await recordInboundReply(inboundReply(A.orgId, f!.id, { author: s.target, body: "Ah, sorry, missed this. Sounds good!" })).then((r) => r.done);
    await refreshOutcomes({ orgId: A.orgId });
    const o = await getOutcomes({ orgId: A.orgId, query: { campaignId: s.campaign.id } });
    expect(o.byStep.map(({ step, sent, replied }) => ({ step, sent, replied }))).toEqual([
      { step: 0, sent: 1, replied: 0 },
      { step: 1, sent: 1, replied: 1 },
    ]);
  });
});
