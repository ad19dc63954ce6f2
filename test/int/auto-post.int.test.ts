// Auto-post (SPEC 1.5; docs/research-tools.md "Auto-post") through the real job body with a fake clock, against the
// fake federated instance: an approved federated draft of an autoPost campaign is posted once, by one of two workers
// at once, retried after a transient failure, stopped with its reason after a permanent one, refused when the
// blocklist names it, and a campaign without autoPost is left alone. A crash between the platform's answer and the
// commit never posts twice.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { log } from "@/lib/log/logger";
import { sealCredentials } from "@/lib/crypto/credentials";
import { approveDraft } from "@/lib/drafts/approve-draft";
import { reopenDraft } from "@/lib/drafts/reopen-draft";
import type { DraftActor } from "@/lib/drafts/actor";
import type { DraftKind } from "@/lib/generated/prisma/enums";
import { autoPostJob } from "@/lib/jobs/auto-post";
import { unsafeClaimAutoPosts } from "@/lib/auto-post/claim-auto-posts";
import { unsafeEnqueueAutoPosts } from "@/lib/auto-post/enqueue-auto-posts";
import { federatedPost } from "@/lib/cli/post-commands";
import { postStatus } from "@/lib/platforms/federated/federated-client";
import * as drafts from "@/app/api/drafts/route";
import * as endpoints from "@/app/api/webhooks/endpoints/route";
import * as fakeFederated from "../fakes/fake-federated";
import { call } from "./http";
import { createDraftRow, createOrg, createProject, uid, type OrgFixture, NO_SENDING_LIMITS } from "./fixtures";

let A: OrgFixture;
let B: OrgFixture;
let fed: fakeFederated.FakeFederated;
const TOKEN = `tok-${uid()}`;
const B_TOKEN = `tok-b-${uid()}`;
const T0 = new Date(Date.now() + 24 * 3_600_000);
const at = (ms: number) => new Date(T0.getTime() + ms);
const MIN = 60_000;

beforeAll(async () => {
  fed = await fakeFederated.start();
  // The fake instance is on loopback: a self-hosted install whose instance lives on its own network.
  process.env.OUTREACH_ALLOW_PRIVATE_HOSTS = "on";
  const us = fed.addAccount({ username: "us" });
  fed.addToken(TOKEN, us);
  fed.addToken(B_TOKEN, fed.addAccount({ username: "them" }));
  [A, B] = await Promise.all([createOrg(), createOrg()]);
});

afterAll(async () => {
  delete process.env.OUTREACH_ALLOW_PRIVATE_HOSTS;
  await fed?.close();
});

/** One tick of the job as an engine runs it (the organizations of this file only). */
const tick = (now: Date, orgIds = [A.orgId, B.orgId]) => autoPostJob.run({ now, log, orgIds });

/** A federated project with a default account holding the instance and token, and a campaign (autoPost on unless told). */
async function campaign(org: OrgFixture, opts: { autoPost?: boolean; token?: string } = {}) {
  const project = await createProject(org.orgId);
  const sealed = sealCredentials({ instanceUrl: fed.url, accessToken: opts.token ?? TOKEN });
  const account = await db.account.create({
    data: { organizationId: org.orgId, projectId: project.id, platform: "federated", platformId: `us_${uid()}`, isDefault: true, credentialsCiphertext: sealed.ciphertext, credentialsKeyId: sealed.keyId, sendingPolicy: NO_SENDING_LIMITS },
  });
  const c = await db.campaign.create({
    data: { organizationId: org.orgId, projectId: project.id, name: `Fed ${uid()}`, platform: "federated", skill: "federated-scout", runner: "cloud", autoPost: opts.autoPost ?? true },
  });
  return { project, account, campaign: c };
}
type Camp = Awaited<ReturnType<typeof campaign>>;

const person = (org: OrgFixture): DraftActor => ({ type: "user", id: org.userId, label: org.username });

/** A dm of the campaign, approved by a person of the organization unless told otherwise. */
async function approved(org: OrgFixture, c: Camp, opts: { approver?: DraftActor | null; kind?: DraftKind; targetUser?: string; body?: string; accountId?: number } = {}) {
  const row = await createDraftRow(org.orgId, {
    projectId: c.project.id, accountId: opts.accountId ?? c.account.id, campaignId: c.campaign.id, platform: "federated", kind: opts.kind ?? "dm",
    targetUser: opts.targetUser ?? `ann_${uid()}@social.example`, body: opts.body ?? `Saw your question about trackers (${uid()}).`, qualityScore: 70,
  });
  const approver = opts.approver === undefined ? person(org) : opts.approver;
  if (approver) await approveDraft({ orgId: org.orgId, id: row.id, actor: approver });
  return db.draft.findUniqueOrThrow({ where: { id: row.id } });
}

/** Posts the instance answered (a failure the fake was told to answer is not among them: see requestsFor). */
const postsFor = (draftId: number) => fed.received.filter((r) => r.idempotencyKey?.startsWith(`outreach-draft-${draftId}-`));
/** Every POST that reached the instance for the draft, answered or failed. */
const requestsFor = (draftId: number) =>
  fed.requests.filter((r) => r.method === "POST" && String(r.headers["idempotency-key"] ?? "").startsWith(`outreach-draft-${draftId}-`));
const createdFor = (draftId: number) => new Set(postsFor(draftId).filter((r) => r.status === 200).map((r) => r.statusId)).size;
const row = (draftId: number) => db.autoPost.findUniqueOrThrow({ where: { draftId } });
const draftRow = (id: number) => db.draft.findUniqueOrThrow({ where: { id } });
const eventsOf = (draftId: number) => db.draftEvent.findMany({ where: { draftId }, orderBy: { id: "asc" }, select: { event: true, actorType: true, actorLabel: true, details: true } });

describe("the auto-post job", () => {
  let c: Camp;
  beforeAll(async () => {
    c = await campaign(A);
  });

  it("posts an approved draft once, as auto-post, with the send's history, events and webhook", async () => {
    const hook = await call(endpoints.POST, { cookie: A.cookie, method: "POST", body: { url: "https://hooks.example/crm", eventTypes: ["draft.sent"] } });
    expect(hook.status).toBe(201);
    const target = `Bea_${uid()}@social.example`;
    const d = await approved(A, c, { targetUser: target, body: "Hi! Your tracker question: ours works offline." });

    const result = await tick(T0);
    expect(result).toMatchObject({ enqueued: 1, claimed: 1, posted: 1, retrying: 0, failed: 0 });
    const [post] = postsFor(d.id);
    expect(post).toMatchObject({
      authorization: `Bearer ${TOKEN}`, idempotencyKey: `outreach-draft-${d.id}-v${d.version}`, status: 200,
      body: { status: `@${target.toLowerCase()} Hi! Your tracker question: ours works offline.`, visibility: "direct" },
    });
    const status = fed.statusById(post!.statusId!)!;

    expect(await draftRow(d.id)).toMatchObject({ state: "sent", version: d.version + 1 });
    expect(await row(d.id)).toMatchObject({ status: "posted", attempts: 1, statusId: status.id, statusUrl: status.url, lastError: null, lockedUntil: null });
    const events = await eventsOf(d.id);
    expect(events.map((e) => [e.event, e.actorType, e.actorLabel])).toEqual([
      ["approved", "user", A.username], ["posted", "system", "auto-post"], ["sent", "system", "auto-post"],
    ]);
    expect(events[2]!.details).toMatchObject({ post: { platform: "federated", id: status.id, url: status.url } });
    expect(await db.contactHistory.findFirst({ where: { organizationId: A.orgId, platform: "federated", targetUser: target.toLowerCase() } })).toMatchObject({ lastDraftId: d.id, outcome: "sent" });
    const delivery = await db.webhookDelivery.findFirstOrThrow({ where: { endpointId: hook.json.endpoint.id } });
    expect((delivery.payload as any).data).toMatchObject({ draftId: d.id, state: "sent", actor: { type: "system", label: "auto-post" }, post: { id: status.id, url: status.url } });

    // Later ticks find nothing to do.
    expect(await tick(at(MIN))).toMatchObject({ enqueued: 0, claimed: 0 });
    expect(postsFor(d.id)).toHaveLength(1);
  });

  it("two workers ticking at once post each draft once", async () => {
    const batch = await Promise.all(Array.from({ length: 12 }, () => approved(A, c)));
    const [one, two] = await Promise.all([tick(at(2 * MIN)), tick(at(2 * MIN))]);
    expect(one.posted + two.posted).toBe(12);
    expect(one.claimed + two.claimed).toBe(12);
    for (const d of batch) {
      expect(postsFor(d.id), `draft ${d.id}`).toHaveLength(1);
      expect((await draftRow(d.id)).state).toBe("sent");
    }
  });

  it("a crash between the platform's answer and the commit is reconciled with the same key: one status", async () => {
    const d = await approved(A, c);
    await unsafeEnqueueAutoPosts({ now: at(3 * MIN), orgIds: [A.orgId] });
    const [claimed] = await unsafeClaimAutoPosts({ now: at(3 * MIN), orgIds: [A.orgId] });
    expect(claimed).toMatchObject({ draftId: d.id, attempts: 1, reclaimed: false });
    // The worker posts, the instance makes the status, and the worker dies before recording anything.
    await postStatus({ baseUrl: fed.url, accessToken: TOKEN }, { status: `@x hi`, visibility: "direct", idempotencyKey: claimed!.idempotencyKey });
    expect(await row(d.id)).toMatchObject({ status: "posting" });
    // While its lease holds, nobody takes the row.
    expect(await tick(at(3 * MIN + 30_000))).toMatchObject({ claimed: 0 });
    // After it, the row is claimed again and posted with the same key: the instance answers the status it made.
    expect(await tick(at(3 * MIN + 61_000))).toMatchObject({ claimed: 1, posted: 1 });
    expect(postsFor(d.id)).toHaveLength(2);
    expect(createdFor(d.id)).toBe(1);
    expect(await row(d.id)).toMatchObject({ status: "posted", attempts: 2 });
    expect((await draftRow(d.id)).state).toBe("sent");
  });

  it("a transient failure is retried after the backoff, and shows on the draft meanwhile", async () => {
    const d = await approved(A, c);
    fed.failWith(503);
    try {
      expect(await tick(at(10 * MIN))).toMatchObject({ claimed: 1, retrying: 1 });
    } finally {
      fed.failWith(null);
    }
    const waiting = await row(d.id);
    expect(waiting).toMatchObject({ status: "pending", attempts: 1 });
    expect(waiting.lastError).toMatch(/^federated answered 503 for 127\.0\.0\.1:\d+\/api\/v1\/statuses/);
    expect(waiting.nextAttemptAt.toISOString()).toBe(at(11 * MIN).toISOString());
    expect((await draftRow(d.id)).state).toBe("approved");
    // The inbox shows it.
    const inbox = await call(drafts.GET, { cookie: A.cookie, path: `/api/drafts?ids=${d.id}` });
    expect(inbox.json.drafts[0].autoPost).toMatchObject({ status: "pending", attempts: 1, maxAttempts: 6, lastError: waiting.lastError, nextAttemptAt: at(11 * MIN).toISOString() });

    // Not before its time; then posted.
    expect(await tick(at(10 * MIN + 30_000))).toMatchObject({ claimed: 0 });
    expect(await tick(at(11 * MIN))).toMatchObject({ claimed: 1, posted: 1 });
    expect(await row(d.id)).toMatchObject({ status: "posted", attempts: 2, lastError: null });
    expect(createdFor(d.id)).toBe(1);
  });

  it("a failure that keeps coming back stops after the sixth attempt, 31 minutes on, with the reason", async () => {
    const d = await approved(A, c);
    fed.failWith(502);
    try {
      let t = 40 * MIN;
      for (const wait of [0, 1, 2, 4, 8, 16]) {
        t += wait * MIN;
        await tick(at(t));
      }
    } finally {
      fed.failWith(null);
    }
    const failed = await row(d.id);
    expect(failed).toMatchObject({ status: "failed", attempts: 6 });
    expect(failed.lastError).toMatch(/^Gave up after 6 attempts: federated answered 502/);
    expect(requestsFor(d.id)).toHaveLength(6);
    expect(new Set(requestsFor(d.id).map((r) => r.headers["idempotency-key"])).size).toBe(1);
    expect((await eventsOf(d.id)).at(-1)).toMatchObject({ event: "auto_post_failed", actorLabel: "auto-post", details: { reason: failed.lastError, attempts: 6 } });
    expect(await tick(at(3 * 60 * MIN))).toMatchObject({ claimed: 0 });
  });
});

describe("what auto-post refuses or leaves alone", () => {
  it("a permanent failure stops at once with the reason; approving the draft again starts over", async () => {
    const bad = await campaign(A, { token: `expired-${uid()}` });
    const d = await approved(A, bad);
    expect(await tick(at(100 * MIN))).toMatchObject({ claimed: 1, failed: 1 });
    const failed = await row(d.id);
    expect(failed).toMatchObject({ status: "failed", attempts: 1 });
    expect(failed.lastError).toMatch(/^federated answered 401 for .*: The access token is invalid$/);
    expect((await draftRow(d.id)).state).toBe("approved");
    const inbox = await call(drafts.GET, { cookie: A.cookie, path: `/api/drafts?ids=${d.id}` });
    expect(inbox.json.drafts[0].autoPost).toMatchObject({ status: "failed", lastError: failed.lastError });
    expect(await tick(at(200 * MIN))).toMatchObject({ enqueued: 0, claimed: 0 });

    // The token is fixed and the reviewer approves it again (Reopen, Approve): a new approval, a new try.
    const fixed = sealCredentials({ instanceUrl: fed.url, accessToken: TOKEN });
    await db.account.update({ where: { id: bad.account.id }, data: { credentialsCiphertext: fixed.ciphertext, credentialsKeyId: fixed.keyId } });
    await reopenDraft({ orgId: A.orgId, id: d.id, actor: person(A) });
    await approveDraft({ orgId: A.orgId, id: d.id, actor: person(A) });
    expect(await tick(at(201 * MIN))).toMatchObject({ enqueued: 1, posted: 1 });
    expect(await row(d.id)).toMatchObject({ status: "posted", attempts: 1 });
  });

  it("a draft the blocklist names since it was approved is refused, nothing posted", async () => {
    const c = await campaign(A);
    const target = `blocked_${uid()}@social.example`;
    const d = await approved(A, c, { targetUser: target });
    await db.blocklistEntry.create({ data: { organizationId: A.orgId, projectId: c.project.id, type: "user", value: `@${target}` } });
    expect(await tick(at(300 * MIN))).toMatchObject({ failed: 1 });
    expect((await row(d.id)).lastError).toMatch(/^This draft cannot be sent: User .* is on this project's blocklist$/);
    expect(postsFor(d.id)).toEqual([]);
    expect((await draftRow(d.id)).state).toBe("approved");
  });

  it("a draft approved by something other than a person is not posted", async () => {
    const c = await campaign(A);
    const d = await approved(A, c, { approver: { type: "system", label: "API key oak_AbCd1234" } });
    expect(await tick(at(310 * MIN))).toMatchObject({ failed: 1 });
    expect((await row(d.id)).lastError).toMatch(/was not approved by a person/);
    expect(postsFor(d.id)).toEqual([]);
  });

  it("a campaign without autoPost, an unapproved draft and one scheduled for later are left alone (the last until its time)", async () => {
    const off = await campaign(A, { autoPost: false });
    const manual = await approved(A, off);
    const on = await campaign(A);
    const unapproved = await approved(A, on, { approver: null });
    const later = await approved(A, on);
    await db.draft.update({ where: { id: later.id }, data: { scheduledSendAfter: at(400 * MIN + 5 * MIN) } });

    expect(await tick(at(400 * MIN))).toMatchObject({ enqueued: 0, claimed: 0 });
    for (const d of [manual, unapproved, later]) {
      expect(await db.autoPost.findUnique({ where: { draftId: d.id } })).toBeNull();
      expect(postsFor(d.id)).toEqual([]);
    }
    expect((await draftRow(manual.id)).state).toBe("approved");
    // Its time comes.
    expect(await tick(at(405 * MIN))).toMatchObject({ enqueued: 1, posted: 1 });
    expect((await draftRow(later.id)).state).toBe("sent");
    // A campaign that turns autoPost off stops a queued retry.
    const retried = await approved(A, on);
    fed.failWith(503);
    try {
      expect(await tick(at(410 * MIN))).toMatchObject({ retrying: 1 });
    } finally {
      fed.failWith(null);
    }
    await db.campaign.update({ where: { id: on.campaign.id }, data: { autoPost: false } });
    expect(await tick(at(420 * MIN))).toMatchObject({ claimed: 0 });
    expect((await draftRow(retried.id)).state).toBe("approved");
  });

  it("a draft naming another organization's account is refused; that organization's token is never used", async () => {
    const theirs = await campaign(B, { token: B_TOKEN });
    const c = await campaign(A);
    const d = await approved(A, c, { accountId: theirs.account.id });
    expect(await tick(at(500 * MIN))).toMatchObject({ failed: 1 });
    expect((await row(d.id)).lastError).toBe(`Draft ${d.id} has no federated account to post from`);
    expect(fed.received.some((r) => r.authorization === `Bearer ${B_TOKEN}`)).toBe(false);
  });
});

describe("outreach federated:post", () => {
  it("posts an approved draft now through the same queue, refuses in federated_post's words, and tries a failed one again", async () => {
    const c = await campaign(A);
    const d = await approved(A, c);
    const done = (await federatedPost([String(d.id), "--org", String(A.orgId)])) as { outcome: string; statusId: string };
    expect(done).toMatchObject({ outcome: "posted", statusId: expect.any(String) });
    expect(postsFor(d.id)).toHaveLength(1);
    // Again: already posted and sent, nothing new.
    expect(await federatedPost([String(d.id), "--org", String(A.orgId)])).toMatchObject({ alreadyPosted: true, posted: { id: done.statusId } });
    expect(postsFor(d.id)).toHaveLength(1);

    const off = await campaign(A, { autoPost: false });
    const manual = await approved(A, off);
    await expect(federatedPost([String(manual.id), "--org", String(A.orgId)])).rejects.toMatchObject({ code: "forbidden", message: "autoPost is off for this campaign: a person sends its drafts" });
    await expect(federatedPost([String(d.id), "--org", String(B.orgId)])).rejects.toMatchObject({ code: "not_found" });

    const flaky = await approved(A, c);
    fed.failWith(404);
    try {
      expect(await federatedPost([String(flaky.id), "--org", String(A.orgId)])).toMatchObject({ outcome: "failed" });
    } finally {
      fed.failWith(null);
    }
    expect(await federatedPost([String(flaky.id), "--org", String(A.orgId)])).toMatchObject({ outcome: "posted" });
    expect(createdFor(flaky.id)).toBe(1);
  });
});
