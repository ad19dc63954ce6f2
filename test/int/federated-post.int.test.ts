// federated_post through a real MCP client against a fake federated instance: it posts only a human-approved draft
// of its own campaign on the federated platform when autoPost is on, with the account's decrypted token, flips the
// draft to sent through the shared send path, and never posts twice.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { mintRunToken } from "@/lib/runs/run-token";
import { sealCredentials } from "@/lib/crypto/credentials";
import { approveDraft } from "@/lib/drafts/approve-draft";
import { userActor, type DraftActor } from "@/lib/drafts/actor";
import type { DraftKind } from "@/lib/generated/prisma/enums";
import * as fakeFederated from "../fakes/fake-federated";
import { createDraftRow, createOrg, createProject, uid, type OrgFixture, NO_SENDING_LIMITS } from "./fixtures";
import { connectToolClient } from "./tool-client";

let A: OrgFixture;
let fed: fakeFederated.FakeFederated;
let us: fakeFederated.FakeAccount;
const TOKEN = `tok-${uid()}`;
const savedBase = process.env.OUTREACH_FEDERATED_BASE_URL;

beforeAll(async () => {
  fed = await fakeFederated.start();
  // The fake instance is on loopback: a self-hosted install whose instance lives on its own network (the guard that
  // refuses it otherwise has its own suite, network-guard.int.test.ts).
  process.env.OUTREACH_ALLOW_PRIVATE_HOSTS = "on";
  // The account's credentials name the instance; the variable points elsewhere to prove they win.
  process.env.OUTREACH_FEDERATED_BASE_URL = "http://127.0.0.1:1";
  us = fed.addAccount({ username: "us" });
  fed.addToken(TOKEN, us);
  A = await createOrg();
});

afterAll(async () => {
  delete process.env.OUTREACH_ALLOW_PRIVATE_HOSTS;
  if (savedBase === undefined) delete process.env.OUTREACH_FEDERATED_BASE_URL;
  else process.env.OUTREACH_FEDERATED_BASE_URL = savedBase;
  await fed?.close();
});

type Result = { isError: boolean; text: string; json: any };

/** A federated campaign (autoPost on unless told), its account with sealed credentials, and a client bound to a run of it. */
async function setup(opts: { autoPost?: boolean; credentials?: unknown } = {}) {
  const project = await createProject(A.orgId);
  const sealed = sealCredentials(opts.credentials ?? { instanceUrl: fed.url, accessToken: TOKEN });
  const account = await db.account.create({
    data: { organizationId: A.orgId, projectId: project.id, platform: "federated", platformId: "us", isDefault: true, credentialsCiphertext: sealed.ciphertext, credentialsKeyId: sealed.keyId, sendingPolicy: NO_SENDING_LIMITS },
  });
  const forumAccount = await db.account.create({ data: { organizationId: A.orgId, projectId: project.id, platform: "forum", platformId: `f_${uid()}` } });
  const campaign = await db.campaign.create({
    data: { organizationId: A.orgId, projectId: project.id, name: `Fed ${uid()}`, platform: "federated", skill: "federated-commenter", runner: "cloud", autoPost: opts.autoPost ?? true },
  });
  const { token, hash } = mintRunToken();
  const run = await db.run.create({ data: { organizationId: A.orgId, campaignId: campaign.id, projectId: project.id, kind: "campaign", runner: "cloud", status: "running", runTokenHash: hash } });
  const client = await connectToolClient({ runId: run.id, token });
  const post = (draftId: number) => client.callTool("federated_post", { draftId });
  return { project, account, forumAccount, campaign, run, post, close: client.close };
}

type Setup = Awaited<ReturnType<typeof setup>>;

const person = (): DraftActor => ({ type: "user", id: A.userId, label: A.username });

/** A draft of the setup's campaign, approved by `approver` (null: left in review). */
async function draft(
  s: Setup,
  opts: { kind?: DraftKind; approver?: DraftActor | null; platform?: string; targetUser?: string; targetUrl?: string; title?: string; body?: string; campaignId?: number } = {},
) {
  const platform = opts.platform ?? "federated";
  const row = await createDraftRow(A.orgId, {
    projectId: s.project.id,
    accountId: platform === "federated" ? s.account.id : s.forumAccount.id,
    campaignId: opts.campaignId ?? s.campaign.id,
    kind: opts.kind ?? "dm",
    platform,
    targetUser: opts.targetUser ?? `ann_${uid()}@social.example`,
    body: opts.body ?? "Saw your question about trackers; ours works offline.",
  });
  if (opts.targetUrl || opts.title) await db.draft.update({ where: { id: row.id }, data: { targetUrl: opts.targetUrl ?? null, title: opts.title ?? null } });
  const approver = opts.approver === undefined ? person() : opts.approver;
  if (approver) await approveDraft({ orgId: A.orgId, id: row.id, actor: approver });
  return db.draft.findUniqueOrThrow({ where: { id: row.id } });
}

const events = (draftId: number) =>
  db.draftEvent.findMany({ where: { draftId }, orderBy: { id: "asc" }, select: { event: true, actorType: true, actorId: true, details: true } });

describe("federated_post refuses", () => {
  let s: Setup;
  beforeAll(async () => {
    s = await setup();
  });
  afterAll(() => s.close());

  async function expectRefused(draftId: number, message: RegExp) {
    const before = { received: fed.received.length, draft: await db.draft.findUniqueOrThrow({ where: { id: draftId } }), events: (await events(draftId)).length };
    const res = await s.post(draftId);
    expect(res.isError, res.text).toBe(true);
    expect(res.text).toMatch(message);
    // Nothing left the building and nothing changed.
    expect(fed.received.length).toBe(before.received);
    const after = await db.draft.findUniqueOrThrow({ where: { id: draftId } });
    expect([after.state, after.version]).toEqual([before.draft.state, before.draft.version]);
    expect((await events(draftId)).length).toBe(before.events);
  }

  it("a draft nobody approved", async () => {
    const d = await draft(s, { approver: null });
    await expectRefused(d.id, /^conflict: Draft \d+ is pending_review; only an approved draft can be posted$/);
  });

  it("a draft approved by something other than a person", async () => {
    const byRun = await draft(s, { approver: { type: "run", id: s.run.id } });
    await expectRefused(byRun.id, /^forbidden: Draft \d+ was not approved by a person/);
    const byTool = await draft(s, { approver: { type: "system", label: "cli" } });
    await expectRefused(byTool.id, /^forbidden: Draft \d+ was not approved by a person/);
  });

  it("when the campaign's autoPost is off", async () => {
    const off = await setup({ autoPost: false });
    const d = await draft(off);
    const before = fed.received.length;
    const res = await off.post(d.id);
    expect(res).toMatchObject({ isError: true, text: "forbidden: autoPost is off for this campaign: a person sends its drafts" });
    expect(fed.received.length).toBe(before);
    expect((await db.draft.findUniqueOrThrow({ where: { id: d.id } })).state).toBe("approved");
    await off.close();
  });

  it("a forum draft, and a kind it does not post", async () => {
    const forumDraft = await draft(s, { platform: "forum", targetUser: `bob_${uid()}` });
    await expectRefused(forumDraft.id, /^unprocessable: Draft \d+ is a forum draft; federated_post only sends federated drafts$/);
    const reply = await draft(s, { kind: "reply_dm" });
    await expectRefused(reply.id, /^unprocessable: A reply_dm draft cannot be posted/);
  });

  it("another campaign's draft, answered like a missing one", async () => {
    const other = await setup();
    const d = await draft(other);
    await expectRefused(d.id, new RegExp(`^not_found: Draft ${d.id} not found$`));
    const before = fed.received.length;
    expect(await s.post(2_000_000_000)).toMatchObject({ isError: true, text: "not_found: Draft 2000000000 not found" });
    expect(fed.received.length).toBe(before);
    await other.close();
  });

  it("a draft the blocklist names since it was approved, a scheduled one, and an account without a token", async () => {
    const target = `blocked_${uid()}@social.example`;
    const blocked = await draft(s, { targetUser: target });
    await db.blocklistEntry.create({ data: { organizationId: A.orgId, projectId: s.project.id, type: "user", value: `@${target}` } });
    await expectRefused(blocked.id, /^blocklisted: This draft cannot be sent: User .* is on this project's blocklist$/);

    const later = await draft(s);
    await db.draft.update({ where: { id: later.id }, data: { scheduledSendAfter: new Date(Date.now() + 3_600_000) } });
    await expectRefused(later.id, /^conflict: Draft \d+ is not ready to send: Scheduled for /);

    const tokenless = await setup({ credentials: { instanceUrl: fed.url } });
    const d = await draft(tokenless);
    const res = await tokenless.post(d.id);
    expect(res.text).toMatch(/^unprocessable: Account \d+ has no access token in its credentials$/);
    await tokenless.close();
  });

  it("a post the instance rejects comes back as an upstream error and the draft stays approved", async () => {
    const d = await draft(s);
    fed.failWith(503);
    try {
      const res = await s.post(d.id);
      expect(res.isError).toBe(true);
      expect(res.text).toMatch(/^upstream_error: federated answered 503 for 127\.0\.0\.1:\d+\/api\/v1\/statuses/);
    } finally {
      fed.failWith(null);
    }
    const after = await db.draft.findUniqueOrThrow({ where: { id: d.id } });
    expect([after.state, after.version]).toEqual(["approved", d.version]);
    expect((await events(d.id)).map((e) => e.event)).toEqual(["approved"]);
  });
});

describe("federated_post posts a human-approved draft", () => {
  let s: Setup;
  beforeAll(async () => {
    s = await setup();
  });
  afterAll(() => s.close());

  it("with sign-in off, the local operator's approval is a person's", async () => {
    const d = await draft(s, { approver: userActor({ userId: null, username: null }) });
    const before = fed.received.length;
    const res = await s.post(d.id);
    expect(res.isError, res.text).toBe(false);
    expect(fed.received.length).toBe(before + 1);
    expect((await db.draft.findUniqueOrThrow({ where: { id: d.id } })).state).toBe("sent");
  });

  it("sends a dm as a direct status from the account, flips the draft to sent with contact history, and a retry posts nothing", async () => {
    const target = `Ann_${uid()}@social.example`;
    const d = await draft(s, { targetUser: target, body: "Hi! Saw your question about trackers." });
    const before = fed.received.length;
    const res = await s.post(d.id);
    expect(res.isError, res.text).toBe(false);

    const received = fed.received.slice(before);
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({
      authorization: `Bearer ${TOKEN}`,
      idempotencyKey: `outreach-draft-${d.id}-v${d.version}`,
      body: { status: `@${target.toLowerCase()} Hi! Saw your question about trackers.`, visibility: "direct" },
      status: 200,
    });
    expect(received[0]!.body.in_reply_to_id).toBeUndefined();
    const status = fed.statusById(received[0]!.statusId!)!;
    expect(status.account.acct).toBe("us");
    expect(res.json).toEqual({ posted: { id: status.id, url: status.url }, draft: { id: d.id, state: "sent", version: d.version + 1 } });

    const row = await db.draft.findUniqueOrThrow({ where: { id: d.id } });
    expect(row.state).toBe("sent");
    expect(row.sentAt).not.toBeNull();
    const evs = await events(d.id);
    expect(evs.map((e) => [e.event, e.actorType, e.actorId])).toEqual([["approved", "user", A.userId], ["posted", "run", s.run.id], ["sent", "run", s.run.id]]);
    expect(evs[1]!.details).toMatchObject({ platform: "federated", instance: fed.url, statusId: status.id, url: status.url, version: d.version });
    const contact = await db.contactHistory.findFirstOrThrow({ where: { organizationId: A.orgId, platform: "federated", targetUser: target.toLowerCase() } });
    expect(contact).toMatchObject({ lastDraftId: d.id, outcome: "sent" });

    // A retry answers the same status and sends nothing.
    const again = await s.post(d.id);
    expect(again.isError, again.text).toBe(false);
    expect(again.json).toMatchObject({ posted: { id: status.id, url: status.url }, alreadyPosted: true });
    expect(fed.received.length).toBe(before + 1);
    expect(fed.created.filter((c) => c.id === status.id)).toHaveLength(1);
  });

  it("replies to the draft's target status (resolving another server's URL to this instance's id) and posts a post publicly", async () => {
    const remote = fed.addAccount({ username: "cy", domain: "social.example" });
    const asked = fed.addStatus({ account: remote, content: "<p>Which tracker works offline?</p>", tags: ["selfhosted"] });
    expect(asked.url).toMatch(/^https:\/\/social\.example\//);
    const comment = await draft(s, { kind: "post_comment", targetUser: "cy@social.example", targetUrl: asked.url, body: "Ours does; it is a single binary." });
    const before = { received: fed.received.length, requests: fed.requests.length };
    const res = await s.post(comment.id);
    expect(res.isError, res.text).toBe(false);
    expect(fed.requests.slice(before.requests).map((r) => `${r.method} ${r.path}`)).toEqual(["GET /api/v2/search", "POST /api/v1/statuses"]);
    expect(fed.received[before.received]!.body).toEqual({ status: "@cy@social.example Ours does; it is a single binary.", visibility: "public", in_reply_to_id: asked.id });
    expect(fed.statusById(res.json.posted.id)!.in_reply_to_id).toBe(asked.id);

    // A status of the instance itself is addressed by the id in its URL, without a search.
    const local = fed.addStatus({ account: us, content: "<p>our own thread</p>" });
    const own = await draft(s, { kind: "post_comment", targetUser: "us", targetUrl: local.url, body: "@us following up here" });
    const mark = fed.requests.length;
    expect((await s.post(own.id)).isError).toBe(false);
    expect(fed.requests.slice(mark).map((r) => r.path)).toEqual(["/api/v1/statuses"]);
    expect(fed.received.at(-1)!.body).toMatchObject({ in_reply_to_id: local.id, status: "@us following up here" });

    const post = await draft(s, { kind: "post", targetUser: "selfhosted", title: "Design diary #3", body: "Why we dropped the sync server." });
    const contactsBefore = await db.contactHistory.count({ where: { organizationId: A.orgId } });
    const posted = await s.post(post.id);
    expect(posted.isError, posted.text).toBe(false);
    expect(fed.received.at(-1)!.body).toEqual({ status: "Design diary #3\n\nWhy we dropped the sync server.", visibility: "public" });
    expect((await db.draft.findUniqueOrThrow({ where: { id: post.id } })).state).toBe("sent");
    // A top-level post addresses a community, not a person: no contact row.
    expect(await db.contactHistory.count({ where: { organizationId: A.orgId } })).toBe(contactsBefore);
  });

  it("a comment whose target status cannot be found is refused before anything is posted", async () => {
    const d = await draft(s, { kind: "post_comment", targetUser: "zed@gone.example", targetUrl: "https://gone.example/@zed/123" });
    const before = fed.received.length;
    const res = await s.post(d.id);
    expect(res.text).toBe(`unprocessable: The status https://gone.example/@zed/123 could not be found on ${fed.url}`);
    expect(fed.received.length).toBe(before);
  });

  it("never posts twice when a retry follows a crash between the post and the flip", async () => {
    const d = await draft(s);
    const first = await s.post(d.id);
    expect(first.isError, first.text).toBe(false);
    const statusId = first.json.posted.id as string;
    const createdBefore = fed.created.length;
    const receivedBefore = fed.received.length;

    // Crash after the `posted` event, before the flip: the draft is still approved at the posted version.
    const rewind = async () => {
      await db.draftEvent.deleteMany({ where: { draftId: d.id, event: "sent" } });
      await db.draft.update({ where: { id: d.id }, data: { state: "approved", version: d.version, sentAt: null } });
    };
    await rewind();
    const second = await s.post(d.id);
    expect(second.isError, second.text).toBe(false);
    expect(second.json.posted.id).toBe(statusId);
    expect(fed.received.length).toBe(receivedBefore);
    expect((await db.draft.findUniqueOrThrow({ where: { id: d.id } })).state).toBe("sent");

    // Crash right after the POST, before even the `posted` event: the same Idempotency-Key goes out again and the
    // instance answers the status it already made.
    await rewind();
    await db.draftEvent.deleteMany({ where: { draftId: d.id, event: "posted" } });
    const third = await s.post(d.id);
    expect(third.isError, third.text).toBe(false);
    expect(third.json.posted.id).toBe(statusId);
    expect(fed.received.length).toBe(receivedBefore + 1);
    expect(fed.received.at(-1)!.idempotencyKey).toBe(`outreach-draft-${d.id}-v${d.version}`);
    expect(fed.created.length).toBe(createdBefore);
    expect((await db.draft.findUniqueOrThrow({ where: { id: d.id } })).state).toBe("sent");
  });
});
