// Sending limits (docs/sending-limits.md) through the real routes: the policy route and the Accounts words, the gap,
// warm-up's daily cap and the hourly cap holding manual sends with their time and reason, the extension's draft,
// arm and sent calls, and auto-post's job against the fake federated instance, which posts once and holds the rest.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { log } from "@/lib/log/logger";
import { sealCredentials } from "@/lib/crypto/credentials";
import { approveDraft } from "@/lib/drafts/approve-draft";
import { autoPostJob } from "@/lib/jobs/auto-post";
import * as draftRoute from "@/app/api/drafts/[id]/route";
import * as draftsRoute from "@/app/api/drafts/route";
import * as policyRoute from "@/app/api/accounts/[id]/sending-policy/route";
import * as extDraft from "@/app/api/extension/draft/[id]/route";
import * as extArmed from "@/app/api/extension/draft/[id]/armed/route";
import * as extSent from "@/app/api/extension/draft/[id]/sent/route";
import * as fakeFederated from "../fakes/fake-federated";
import { call } from "./http";
import { createAccountRow, createDevice, createDraftRow, createOrg, createProject, uid, type OrgFixture } from "./fixtures";

const MIN = 60_000;
const HOUR = 60 * MIN;
let A: OrgFixture;

beforeAll(async () => {
  A = await createOrg();
});

async function forumAccount(org = A) {
  const project = await createProject(org.orgId);
  const account = await createAccountRow(org.orgId, project.id, "forum", { limits: "platform" });
  return { project, account };
}

const approvedDraft = (projectId: number, accountId: number, org = A) =>
  createDraftRow(org.orgId, { projectId, accountId, state: "approved", targetUser: `person_${uid()}` });
const send = (id: number, org = A) => call(draftRoute.PATCH, { method: "PATCH", cookie: org.cookie, params: { id: String(id) }, body: { state: "sent" } });
const setPolicy = (accountId: number, body: Record<string, unknown>, org = A) =>
  call(policyRoute.PATCH, { method: "PATCH", cookie: org.cookie, params: { id: String(accountId) }, body });

describe("the sending policy of an account", () => {
  it("starts from the platform's defaults, explained in words, and a person changes or resets each field", async () => {
    const { account } = await forumAccount();
    const start = await setPolicy(account.id, {});
    expect(start.status).toBe(200);
    expect(start.json).toMatchObject({
      policy: { dailyCap: 20, hourlyCap: 4, minGapSeconds: 480, jitterSeconds: 420, warmup: true, warmupStart: 3, warmupStep: 2 },
      overrides: {}, sentLast24h: 0, dayCap: 3, warmingUp: true, accountDay: 1, nextSendAllowedAt: null,
      words: "0 of 3 sent in the last 24 hours (warm-up day 1); 0 of 4 this hour; a send may go now",
      policyWords: "At most 20 a day and 4 an hour, at least 8 min apart plus up to 7 min at random; a new account starts at 3 a day, 2 more each day.",
    });

    const changed = await setPolicy(account.id, { dailyCap: 30, warmup: false });
    expect(changed.json).toMatchObject({ overrides: { dailyCap: 30, warmup: false }, dayCap: 30, warmingUp: false });
    expect(changed.json.words).toBe("0 of 30 sent in the last 24 hours; 0 of 4 this hour; a send may go now");

    const reset = await setPolicy(account.id, { dailyCap: null });
    expect(reset.json).toMatchObject({ overrides: { warmup: false }, dayCap: 20 });
    expect((await db.account.findUniqueOrThrow({ where: { id: account.id } })).sendingPolicy).toEqual({ warmup: false });
  });

  it("a federated account has more room than a forum one", async () => {
    const project = await createProject(A.orgId);
    const account = await createAccountRow(A.orgId, project.id, "federated", { limits: "platform" });
    const res = await setPolicy(account.id, {});
    expect(res.json).toMatchObject({ policy: { dailyCap: 60, hourlyCap: 12, minGapSeconds: 120 }, dayCap: 10 });
  });
});

describe("manual Mark as sent", () => {
  it("the gap after a send holds the next draft with its send-after time and reason; after that time it goes", async () => {
    const { project, account } = await forumAccount();
    const [d1, d2] = [await approvedDraft(project.id, account.id), await approvedDraft(project.id, account.id)];
    const before = Date.now();
    expect((await send(d1.id)).status).toBe(200);

    const held = await send(d2.id);
    expect(held.status).toBe(409);
    expect(held.json.error).toBe("held");
    expect(held.json.reason).toBe(`The sending limits of ${account.platformId}: at least 8 min between sends`);
    expect(held.json.message).toMatch(new RegExp(`^Held, not sent: The sending limits of ${account.platformId}: at least 8 min between sends; it may go after `));
    const after = new Date(held.json.sendAfter).getTime();
    // The gap is 8 minutes plus up to 7 at random.
    expect(after).toBeGreaterThanOrEqual(before + 8 * MIN);
    expect(after).toBeLessThanOrEqual(Date.now() + 15 * MIN + 1000);

    const row = await db.draft.findUniqueOrThrow({ where: { id: d2.id } });
    expect(row).toMatchObject({ state: "approved", version: d2.version, heldReason: held.json.reason, sentAt: null });
    expect(row.heldUntil?.toISOString()).toBe(held.json.sendAfter);
    const event = await db.draftEvent.findFirstOrThrow({ where: { draftId: d2.id, event: "held" } });
    expect(event.details).toMatchObject({ reason: held.json.reason, sendAfter: held.json.sendAfter });

    // The inbox row carries the hold.
    const list = await call(draftsRoute.GET, { cookie: A.cookie, path: `/api/drafts?ids=${d2.id}` });
    expect(list.json.drafts[0]).toMatchObject({ id: d2.id, heldReason: held.json.reason, heldUntil: held.json.sendAfter });
    // And the Accounts words say when the next send may go.
    const status = await setPolicy(account.id, {});
    expect(status.json.words).toMatch(/^1 of 3 sent in the last 24 hours \(warm-up day 1\); 1 of 4 this hour; next send allowed at \d\d:\d\d UTC$/);
    expect(status.json.nextSendAllowedAt).toBe(held.json.sendAfter);

    // Twenty minutes later (the account's clock moved back instead of waiting), the draft goes and the hold is gone.
    await db.accountSend.updateMany({ where: { accountId: account.id }, data: { sentAt: new Date(before - 20 * MIN) } });
    await db.account.update({ where: { id: account.id }, data: { nextSendAt: new Date(before - 5 * MIN) } });
    const sent = await send(d2.id);
    expect(sent.status).toBe(200);
    expect(sent.json).toMatchObject({ state: "sent", heldReason: null, heldUntil: null });
    expect(await db.accountSend.count({ where: { accountId: account.id } })).toBe(2);
  });

  it("warm-up: a new forum account sends 3 on its first day; the 4th waits for its second day, when the cap is 5", async () => {
    const { project, account } = await forumAccount();
    expect((await setPolicy(account.id, { minGapSeconds: 0, jitterSeconds: 0 })).status).toBe(200);
    const drafts = [];
    for (let i = 0; i < 4; i++) drafts.push(await approvedDraft(project.id, account.id));
    for (const d of drafts.slice(0, 3)) expect((await send(d.id)).status).toBe(200);
    const held = await send(drafts[3]!.id);
    expect(held.status).toBe(409);
    expect(held.json.reason).toBe(`The sending limits of ${account.platformId}: 3 of 3 sends in the last 24 hours (warm-up day 1)`);
    expect(held.json.sendAfter).toBe(new Date(account.createdAt.getTime() + 24 * HOUR).toISOString());
    expect(await db.draft.count({ where: { accountId: account.id, state: "sent" } })).toBe(3);
  });

  it("the hourly cap holds a send until the oldest send of the hour is an hour old", async () => {
    const { project, account } = await forumAccount();
    await setPolicy(account.id, { warmup: false, dailyCap: 50, hourlyCap: 2, minGapSeconds: 0, jitterSeconds: 0 });
    const drafts = [];
    for (let i = 0; i < 3; i++) drafts.push(await approvedDraft(project.id, account.id));
    expect((await send(drafts[0]!.id)).status).toBe(200);
    expect((await send(drafts[1]!.id)).status).toBe(200);
    const held = await send(drafts[2]!.id);
    expect(held.status).toBe(409);
    expect(held.json.reason).toBe(`The sending limits of ${account.platformId}: 2 of 2 sends in the last hour`);
    const first = await db.accountSend.findFirstOrThrow({ where: { accountId: account.id }, orderBy: { sentAt: "asc" } });
    expect(held.json.sendAfter).toBe(new Date(first.sentAt.getTime() + HOUR).toISOString());
  });

  it("an account's limits are its own: another account of the project still sends", async () => {
    const { project, account } = await forumAccount();
    const other = await createAccountRow(A.orgId, project.id, "forum", { limits: "platform" });
    expect((await send((await approvedDraft(project.id, account.id)).id)).status).toBe(200);
    expect((await send((await approvedDraft(project.id, account.id)).id)).status).toBe(409);
    expect((await send((await approvedDraft(project.id, other.id)).id)).status).toBe(200);
  });
});

describe("a draft whose sending account cannot be found", () => {
  it("is held with the reason, never sent unlimited; one found by its handle in another case is counted against that account", async () => {
    const { project, account } = await forumAccount();
    const orphan = await createDraftRow(A.orgId, { projectId: project.id, accountId: null, state: "approved" });
    await db.draft.update({ where: { id: orphan.id }, data: { accountHandle: "nobody_here" } });
    const held = await send(orphan.id);
    expect(held.status, JSON.stringify(held.json)).toBe(409);
    expect(held.json).toMatchObject({ error: "held", reason: "no account of this project sends as nobody_here on forum: choose the account it goes from, then send it", sendAfter: null });
    expect(await db.draft.findUniqueOrThrow({ where: { id: orphan.id } })).toMatchObject({ state: "approved", sentAt: null, heldReason: held.json.reason });
    // Without a project, nothing can be found either.
    const loose = await createDraftRow(A.orgId, { projectId: null, accountId: null, state: "approved" });
    expect((await send(loose.id)).status).toBe(409);

    // The handle in another case finds the project's account, whose limits then count the send and hold the next.
    const byHandle = await createDraftRow(A.orgId, { projectId: project.id, accountId: null, state: "approved" });
    await db.draft.update({ where: { id: byHandle.id }, data: { accountHandle: account.platformId.toUpperCase() } });
    expect((await send(byHandle.id)).status).toBe(200);
    expect(await db.accountSend.count({ where: { accountId: account.id, draftId: byHandle.id } })).toBe(1);
    expect((await send((await approvedDraft(project.id, account.id)).id)).status).toBe(409);
  });
});

describe("the extension", () => {
  it("a draft the limits would hold is held when its compose page opens, is not sendable, and its sent call is held", async () => {
    const { project, account } = await forumAccount();
    await setPolicy(account.id, { minGapSeconds: 600, jitterSeconds: 0 });
    const { token } = await createDevice(A.orgId);
    const asDevice = (id: number, method = "GET") => ({ method, params: { id: String(id) }, headers: { authorization: `Bearer ${token}` }, ...(method === "POST" ? { body: {} } : {}) });
    const [d1, d2] = [await approvedDraft(project.id, account.id), await approvedDraft(project.id, account.id)];

    expect((await call(extArmed.POST, asDevice(d1.id, "POST"))).status).toBe(200);
    expect((await call(extSent.POST, asDevice(d1.id, "POST"))).json.state).toBe("sent");

    expect((await call(extDraft.GET, asDevice(d2.id))).json).toMatchObject({ sendable: true });
    const armed = await call(extArmed.POST, asDevice(d2.id, "POST"));
    expect(armed.status).toBe(409);
    expect(armed.json).toMatchObject({ error: "held", reason: `The sending limits of ${account.platformId}: at least 10 min between sends` });
    const shape = (await call(extDraft.GET, asDevice(d2.id))).json;
    expect(shape).toMatchObject({ state: "approved", sendable: false, heldReason: armed.json.reason, heldUntil: armed.json.sendAfter });
    expect(shape.notSendableReason).toBe(`Held until ${armed.json.sendAfter}: ${armed.json.reason}`);

    const sent = await call(extSent.POST, asDevice(d2.id, "POST"));
    expect(sent.status).toBe(409);
    expect(sent.json.error).toBe("held");
    expect((await db.draft.findUniqueOrThrow({ where: { id: d2.id } })).state).toBe("approved");
  });
});

describe("auto-post", () => {
  let fed: fakeFederated.FakeFederated;
  const TOKEN = `tok-${uid()}`;
  beforeAll(async () => {
    fed = await fakeFederated.start();
    process.env.OUTREACH_ALLOW_PRIVATE_HOSTS = "on";
    fed.addToken(TOKEN, fed.addAccount({ username: "us" }));
  });
  afterAll(async () => {
    delete process.env.OUTREACH_ALLOW_PRIVATE_HOSTS;
    await fed?.close();
  });

  it("posts one draft and holds the next for the gap; the row waits, uncounted, and posts once its time has come", async () => {
    const project = await createProject(A.orgId);
    const sealed = sealCredentials({ instanceUrl: fed.url, accessToken: TOKEN });
    const account = await db.account.create({
      data: { organizationId: A.orgId, projectId: project.id, platform: "federated", platformId: `us_${uid()}`, isDefault: true, credentialsCiphertext: sealed.ciphertext, credentialsKeyId: sealed.keyId },
    });
    await setPolicy(account.id, { minGapSeconds: 300, jitterSeconds: 0 });
    const campaign = await db.campaign.create({
      data: { organizationId: A.orgId, projectId: project.id, name: `Fed ${uid()}`, platform: "federated", skill: "federated-scout", runner: "cloud", autoPost: true },
    });
    const drafts: Array<{ id: number }> = [];
    for (let i = 0; i < 2; i++) {
      const d = await createDraftRow(A.orgId, {
        projectId: project.id, accountId: account.id, campaignId: campaign.id, platform: "federated", kind: "dm",
        targetUser: `ann_${uid()}@social.example`, body: `Saw your question (${uid()}).`, qualityScore: 70,
      });
      await approveDraft({ orgId: A.orgId, id: d.id, actor: { type: "user", id: A.userId, label: A.username } });
      drafts.push(d);
    }
    const posts = () => fed.received.filter((r) => drafts.some((d) => r.idempotencyKey?.startsWith(`outreach-draft-${d.id}-`))).length;
    const t0 = new Date();
    const first = await autoPostJob.run({ now: t0, log, orgIds: [A.orgId] });
    expect(first).toMatchObject({ posted: 1, held: 1, failed: 0 });
    expect(posts()).toBe(1);
    const states = await db.draft.findMany({ where: { id: { in: drafts.map((d) => d.id) } }, orderBy: { id: "asc" } });
    const heldDraft = states.find((d) => d.state === "approved")!;
    expect(heldDraft.heldReason).toBe(`The sending limits of ${account.platformId}: at least 5 min between sends`);
    const row = await db.autoPost.findUniqueOrThrow({ where: { draftId: heldDraft.id } });
    expect(row).toMatchObject({ status: "pending", attempts: 0, firstAttemptAt: null });
    expect(row.nextAttemptAt.toISOString()).toBe(heldDraft.heldUntil!.toISOString());

    // A minute later nothing is due; once the gap has passed the held draft posts, and the hold is gone.
    expect(await autoPostJob.run({ now: new Date(t0.getTime() + MIN), log, orgIds: [A.orgId] })).toMatchObject({ claimed: 0 });
    const later = await autoPostJob.run({ now: new Date(t0.getTime() + 6 * MIN), log, orgIds: [A.orgId] });
    expect(later).toMatchObject({ posted: 1, held: 0 });
    expect(posts()).toBe(2);
    expect(await db.draft.findUniqueOrThrow({ where: { id: heldDraft.id } })).toMatchObject({ state: "sent", heldReason: null });
    // Each post counted once: the slot taken before the platform call is the one the send used.
    expect(await db.accountSend.count({ where: { accountId: account.id } })).toBe(2);
    expect(await db.accountSend.count({ where: { accountId: account.id, pending: true } })).toBe(0);
  });
  it("a post the platform already answered (its answer recorded before a crash) is recorded as sent even when the limits are used up", async () => {
    const project = await createProject(A.orgId);
    const sealed = sealCredentials({ instanceUrl: fed.url, accessToken: TOKEN });
    const account = await db.account.create({
      data: { organizationId: A.orgId, projectId: project.id, platform: "federated", platformId: `us_${uid()}`, isDefault: true, credentialsCiphertext: sealed.ciphertext, credentialsKeyId: sealed.keyId },
    });
    await setPolicy(account.id, { dailyCap: 1, hourlyCap: 1, warmup: false, minGapSeconds: 0, jitterSeconds: 0 });
    const campaign = await db.campaign.create({
      data: { organizationId: A.orgId, projectId: project.id, name: `Fed ${uid()}`, platform: "federated", skill: "federated-scout", runner: "cloud", autoPost: true },
    });
    const d = await createDraftRow(A.orgId, { projectId: project.id, accountId: account.id, campaignId: campaign.id, platform: "federated", kind: "dm", targetUser: `cy_${uid()}@social.example`, qualityScore: 70 });
    await approveDraft({ orgId: A.orgId, id: d.id, actor: { type: "user", id: A.userId, label: A.username } });
    const approved = await db.draft.findUniqueOrThrow({ where: { id: d.id } });
    // The day's only slot went to another send, and this draft's status is already out (a `posted` event, no flip yet).
    await db.accountSend.create({ data: { organizationId: A.orgId, accountId: account.id, sentAt: new Date(Date.now() - MIN) } });
    await db.draftEvent.create({
      data: { organizationId: A.orgId, draftId: d.id, event: "posted", actorType: "system", actorLabel: "auto-post", details: { statusId: "998877", url: `${fed.url}/@us/998877`, version: approved.version, idempotencyKey: `outreach-draft-${d.id}-v${approved.version}` } },
    });
    const before = fed.received.length;
    const result = await autoPostJob.run({ now: new Date(), log, orgIds: [A.orgId] });
    expect(result).toMatchObject({ posted: 1, held: 0 });
    expect(fed.received.length).toBe(before);
    expect(await db.draft.findUniqueOrThrow({ where: { id: d.id } })).toMatchObject({ state: "sent", heldReason: null });
    expect(await db.accountSend.count({ where: { accountId: account.id } })).toBe(2);
  });
});
