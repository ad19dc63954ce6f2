// The extension's backend routes as the extension calls them (docs/extension-api.md): pairing by code and by the
// dashboard session, bearer auth (bad, revoked, another organization's drafts), armed and sent with the version
// conflict and its retry, dm-sync validation, matching of private messages and comment replies to sent drafts (the
// draft replied, the message on its thread, a reply drafted by a real agent process, the notification), idempotency
// across repeats and devices, the stored liveness report, the status route, Settings' device routes and the banner's
// health check.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { hashDeviceToken } from "@/lib/extension/resolve-device";
import { getChatSyncHealth } from "@/lib/extension/get-chat-sync-health";
import { ensureDefaultOrganization } from "@/lib/organizations/ensure-default-organization";
import * as pair from "@/app/api/extension/pair/route";
import * as autoPair from "@/app/api/extension/auto-pair/route";
import * as handshake from "@/app/api/extension/handshake/route";
import * as extDraft from "@/app/api/extension/draft/[id]/route";
import * as armed from "@/app/api/extension/draft/[id]/armed/route";
import * as sent from "@/app/api/extension/draft/[id]/sent/route";
import * as dmSync from "@/app/api/extension/dm-sync/route";
import * as syncStatus from "@/app/api/extension/dm-sync/status/route";
import * as pairingCodes from "@/app/api/settings/extension/pairing-codes/route";
import * as devices from "@/app/api/settings/extension/devices/route";
import * as deviceRoute from "@/app/api/settings/extension/devices/[id]/route";
import { call, type CallOptions } from "./http";
import { createAccountRow, createDevice, createDraftRow, createOrg, createProject, uid, type OrgFixture } from "./fixtures";
import { FAKE_SLUG, MISSING_SLUG, registerFakeBackends, scriptOrgPlaybook, serveToolServer, waitForRunEnd } from "./agent-harness";

let A: OrgFixture;
let B: OrgFixture;
let server: { close: () => Promise<void> };
const startedRuns: number[] = [];

const REPLY_BODY = "Happy to share the config: the retry wrapper lives in ci/retry.sh.";
const FINISH_SCRIPT = {
  steps: [
    { tool: "reply_draft_start" },
    { tool: "reply_draft_finish", args: { body: REPLY_BODY, qualityScore: 81, qualityReason: "answers the question", qualityModel: "fake-judge" } },
  ],
};

beforeAll(async () => {
  await registerFakeBackends();
  server = await serveToolServer();
  [A, B] = await Promise.all([createOrg(), createOrg()]);
  await scriptOrgPlaybook(A.orgId, "reply-drafter", FINISH_SCRIPT);
});
afterAll(async () => {
  // Drafting runs started by dm-sync go on in the background: let them end before the tool server closes.
  for (const runId of startedRuns) await waitForRunEnd(runId).catch(() => undefined);
  await server?.close();
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const asDevice = (token: string, opts: CallOptions = {}): CallOptions => ({ ...opts, headers: { ...bearer(token), ...opts.headers } });
const HOUR = 3_600_000;

/** A sent draft of a campaign on `runner`, as the shared send function leaves it. */
async function sentDraft(orgId: number, opts: { kind?: "dm" | "post_comment" | "post"; targetUser?: string; targetUrl?: string | null; title?: string | null; community?: string | null; sentAt?: Date; runner?: string } = {}) {
  const project = await createProject(orgId);
  const account = await createAccountRow(orgId, project.id);
  const campaign = await db.campaign.create({
    data: { organizationId: orgId, projectId: project.id, name: `Campaign ${uid()}`, platform: "forum", skill: "forum-scout", runner: opts.runner ?? MISSING_SLUG, state: "active" },
  });
  const kind = opts.kind ?? "dm";
  const draft = await db.draft.create({
    data: {
      organizationId: orgId, projectId: project.id, accountId: account.id, campaignId: campaign.id, state: "sent", kind, platform: "forum",
      accountHandle: account.platformId, targetUser: opts.targetUser ?? (kind === "post" ? "selfhosted" : `alice_${uid()}`),
      targetCommunity: opts.community ?? "r/selfhosted", targetUrl: opts.targetUrl ?? null, title: opts.title ?? null,
      body: "Hi, your post on flaky CI runs matched what we see. Happy to compare notes?", sentAt: opts.sentAt ?? new Date(Date.now() - HOUR),
    },
  });
  return { account, campaign, draft };
}

const epoch = (d: Date) => Math.floor(d.getTime() / 1000);
const okStatus = () => ({ chat: "ok", legacy: "ok", captured_at: new Date().toISOString() });
const syncBody = (over: Record<string, unknown> = {}) => ({ platform: "forum", items: [], comments: [], status: okStatus(), ...over });

function pm(author: string, dest: string, over: Record<string, unknown> = {}) {
  const id = uid();
  return {
    id: `t4_${id}`, author, dest, body: "Thanks! How did you fix the retries?", created_utc: epoch(new Date(Date.now() - 60_000)),
    subject: "re: flaky CI", first_message_name: "t4_root1", parent_id: "t4_root1", permalink: `/message/messages/${id}`, ...over,
  };
}

async function sync(token: string, body: unknown) {
  const res = await call(dmSync.POST, asDevice(token, { method: "POST", body }));
  for (const m of res.json?.matched ?? []) if (m.runId) startedRuns.push(m.runId);
  return res;
}

describe("pairing", () => {
  it("a code from Settings pairs once, within its lifetime, and the token works until revoked", async () => {
    const created = await call(pairingCodes.POST, { method: "POST", cookie: A.cookie });
    expect(created.status).toBe(201);
    expect(created.json.code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    const ttl = new Date(created.json.expiresAt).getTime() - Date.now();
    expect(ttl).toBeGreaterThan(9 * 60_000);
    expect(ttl).toBeLessThanOrEqual(10 * 60_000);
    // Only the hash is kept.
    expect(await db.pairingCode.count({ where: { organizationId: A.orgId, codeHash: created.json.code } })).toBe(0);

    // Typed by hand: lower case and without the dash.
    const typed = created.json.code.toLowerCase().replace("-", " ");
    const paired = await call(pair.POST, { method: "POST", body: { code: typed, name: "Chrome on laptop" } });
    expect(paired.status).toBe(201);
    expect(paired.json).toMatchObject({ deviceName: "Chrome on laptop", organization: expect.any(String) });
    expect(paired.json.token).toMatch(/^odt_[A-Za-z0-9_-]{43}$/);
    const row = await db.extensionDevice.findUniqueOrThrow({ where: { id: paired.json.deviceId } });
    expect(row.organizationId).toBe(A.orgId);
    expect(row.tokenHash).toBe(hashDeviceToken(paired.json.token));
    expect(JSON.stringify(row)).not.toContain(paired.json.token);

    const hello = await call(handshake.POST, asDevice(paired.json.token, { method: "POST" }));
    expect(hello.status).toBe(200);
    expect(hello.json.deviceId).toBe(paired.json.deviceId);

    const again = await call(pair.POST, { method: "POST", body: { code: created.json.code } });
    expect(again.status).toBe(401);
    expect(again.json.message).toMatch(/invalid, expired or already used/);
  });

  it("an expired or unknown code pairs nothing", async () => {
    const created = await call(pairingCodes.POST, { method: "POST", cookie: A.cookie });
    await db.pairingCode.updateMany({ where: { organizationId: A.orgId, usedAt: null }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const before = await db.extensionDevice.count();
    expect((await call(pair.POST, { method: "POST", body: { code: created.json.code } })).status).toBe(401);
    expect((await call(pair.POST, { method: "POST", body: { code: "ZZZZ-ZZZZ" } })).status).toBe(401);
    expect(await db.extensionDevice.count()).toBe(before);
  });

  it("two redemptions of one code at the same moment pair one device", async () => {
    const { json } = await call(pairingCodes.POST, { method: "POST", cookie: A.cookie });
    const results = await Promise.all([0, 1, 2].map(() => call(pair.POST, { method: "POST", body: { code: json.code } })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 401, 401]);
  });

  it("auto-pair mints a fresh token for the session's organization, and refuses without a session", async () => {
    const first = await call(autoPair.POST, { method: "POST", cookie: A.cookie, body: { name: "Tab pairing" } });
    const second = await call(autoPair.GET, { cookie: A.cookie, path: "/api/extension/auto-pair?name=Other" });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(first.json.token).not.toBe(second.json.token);
    expect(second.json.deviceName).toBe("Other");
    const rows = await db.extensionDevice.findMany({ where: { id: { in: [first.json.deviceId, second.json.deviceId] } } });
    expect(rows.map((r) => r.organizationId)).toEqual([A.orgId, A.orgId]);
    expect(rows.find((r) => r.id === first.json.deviceId)?.userId).toBe(A.userId);

    const anonymous = await call(autoPair.POST, { method: "POST", body: {} });
    expect(anonymous.status).toBe(401);
    expect(anonymous.json.token).toBeUndefined();
  });

  it("with sign-in off, auto-pair pairs the default organization", async () => {
    env.OUTREACH_AUTH = false;
    try {
      const res = await call(autoPair.POST, { method: "POST" });
      expect(res.status).toBe(201);
      const device = await db.extensionDevice.findUniqueOrThrow({ where: { id: res.json.deviceId } });
      expect(device.organizationId).toBe((await ensureDefaultOrganization()).id);
      expect(device.name).toBe("Browser extension");
    } finally {
      env.OUTREACH_AUTH = true;
    }
  });
});

describe("bearer authentication", () => {
  it("a missing, malformed, unknown or revoked token is 401 on every bearer route and changes nothing", async () => {
    const { draft } = await sentDraft(A.orgId);
    const { device, token } = await createDevice(A.orgId);
    const revoke = await call(deviceRoute.DELETE, { method: "DELETE", cookie: A.cookie, params: { id: String(device.id) } });
    expect(revoke.status).toBe(200);
    expect(revoke.json.device).toMatchObject({ id: device.id, revoked: true });

    const params = { id: String(draft.id) };
    const routes: Array<[Parameters<typeof call>[0], CallOptions]> = [
      [handshake.POST, { method: "POST" }],
      [extDraft.GET, { params }],
      [armed.POST, { method: "POST", params, body: {} }],
      [sent.POST, { method: "POST", params, body: {} }],
      [dmSync.POST, { method: "POST", body: syncBody() }],
      [syncStatus.GET, {}],
    ];
    for (const headers of [{}, { authorization: `Token ${token}` }, bearer("odt_nope"), bearer(token)]) {
      for (const [handler, opts] of routes) {
        // A dashboard session is no substitute for the device token.
        const res = await call(handler, { ...opts, headers, cookie: A.cookie });
        expect(res.status, JSON.stringify({ headers, res: res.json })).toBe(401);
        expect(res.json.error).toBe("unauthorized");
      }
    }
    const after = await db.draft.findUniqueOrThrow({ where: { id: draft.id } });
    expect(after.state).toBe("sent");
    expect(after.version).toBe(draft.version);
    expect((await db.extensionDevice.findUniqueOrThrow({ where: { id: device.id } })).lastSyncStatus).toBeNull();
  });
});

describe("draft calls", () => {
  it("another organization's draft is 404 for get, armed and sent, and stays as it was", async () => {
    const draft = await createDraftRow(A.orgId, { state: "approved" });
    const { token } = await createDevice(B.orgId);
    const params = { id: String(draft.id) };
    expect((await call(extDraft.GET, asDevice(token, { params }))).status).toBe(404);
    expect((await call(armed.POST, asDevice(token, { method: "POST", params, body: {} }))).status).toBe(404);
    const res = await call(sent.POST, asDevice(token, { method: "POST", params, body: { version: draft.version } }));
    expect(res.status).toBe(404);
    expect(res.json.error).toBe("not_found");
    const after = await db.draft.findUniqueOrThrow({ where: { id: draft.id } });
    expect([after.state, after.version]).toEqual(["approved", draft.version]);
  });

  it("get, arm, a stale sent answers the spec's 409, and the retry with the fresh version sends", async () => {
    const project = await createProject(A.orgId);
    const draft = await createDraftRow(A.orgId, { state: "approved", projectId: project.id, targetUser: `bob_${uid()}` });
    const { device, token } = await createDevice(A.orgId);
    const params = { id: String(draft.id) };

    const got = await call(extDraft.GET, asDevice(token, { params }));
    expect(got.status).toBe(200);
    expect(got.json).toMatchObject({ id: draft.id, version: draft.version, state: "approved", kind: "dm", body: draft.body, sendable: true, notSendableReason: null });

    const arm = await call(armed.POST, asDevice(token, { method: "POST", params, body: { version: got.json.version } }));
    expect(arm.status).toBe(200);
    expect(arm.json).toMatchObject({ state: "armed", version: draft.version + 1 });
    // Opening the compose page again changes nothing.
    const again = await call(armed.POST, asDevice(token, { method: "POST", params, rawBody: "" }));
    expect(again.json.version).toBe(draft.version + 1);
    const armedEvent = await db.draftEvent.findFirst({ where: { draftId: draft.id, event: "armed" } });
    expect(armedEvent).toMatchObject({ actorType: "device", actorId: device.id });

    // The reviewer touched it meanwhile (a reschedule bumps the version).
    await db.draft.update({ where: { id: draft.id }, data: { version: { increment: 1 } } });
    const stale = await call(sent.POST, asDevice(token, { method: "POST", params, body: { version: arm.json.version } }));
    expect(stale.status).toBe(409);
    expect(stale.json).toEqual({ error: "version_conflict", current_version: draft.version + 2 });
    expect((await db.draft.findUniqueOrThrow({ where: { id: draft.id } })).state).toBe("armed");

    const fresh = await call(extDraft.GET, asDevice(token, { params }));
    const retry = await call(sent.POST, asDevice(token, { method: "POST", params, body: { version: fresh.json.version } }));
    expect(retry.status).toBe(200);
    expect(retry.json).toMatchObject({ state: "sent", version: fresh.json.version + 1 });
    expect(retry.json.sentAt).not.toBeNull();
    const contact = await db.contactHistory.findFirst({ where: { organizationId: A.orgId, targetUser: draft.targetUser } });
    expect(contact?.outcome).toBe("sent");

    // A retried call after a lost response is a success, not a conflict.
    const repeat = await call(sent.POST, asDevice(token, { method: "POST", params, body: { version: arm.json.version } }));
    expect(repeat.status).toBe(200);
    expect(repeat.json).toMatchObject({ state: "sent", alreadySent: true, version: fresh.json.version + 1 });
  });

  it("sent without a version uses the current one; a rejected draft is 409 conflict; a blocklisted one 422", async () => {
    const ok = await createDraftRow(A.orgId, { state: "approved" });
    const { token } = await createDevice(A.orgId);
    const res = await call(sent.POST, asDevice(token, { method: "POST", params: { id: String(ok.id) }, body: {} }));
    expect(res.status).toBe(200);
    expect(res.json.state).toBe("sent");

    const rejected = await createDraftRow(A.orgId, { state: "rejected" });
    const refused = await call(sent.POST, asDevice(token, { method: "POST", params: { id: String(rejected.id) }, body: {} }));
    expect(refused.status).toBe(409);
    expect(refused.json.error).toBe("conflict");

    const target = `spammer_${uid()}`;
    await db.blocklistEntry.create({ data: { organizationId: A.orgId, type: "user", value: target } });
    const blocked = await createDraftRow(A.orgId, { state: "approved", targetUser: target });
    const res422 = await call(sent.POST, asDevice(token, { method: "POST", params: { id: String(blocked.id) }, body: {} }));
    expect(res422.status).toBe(422);
    expect(res422.json.error).toBe("blocklisted");
    expect((await db.draft.findUniqueOrThrow({ where: { id: blocked.id } })).state).toBe("approved");
  });
});

describe("dm-sync", () => {
  it("a malformed body is 400 and stores nothing, not even the status", async () => {
    const { device, token } = await createDevice(A.orgId);
    const { account, draft } = await sentDraft(A.orgId);
    const good = pm(draft.targetUser, account.platformId);
    const bad: unknown[] = [
      {},
      syncBody({ status: { chat: "fine", legacy: "ok", captured_at: new Date().toISOString() } }),
      syncBody({ status: { chat: "ok", legacy: "ok", captured_at: "yesterday" } }),
      syncBody({ status: { chat: "ok", legacy: "ok" } }),
      syncBody({ items: [good, { ...good, id: `t4_${uid()}`, body: "" }] }),
      syncBody({ items: [{ ...good, created_utc: undefined }] }),
      syncBody({ items: [{ ...good, created_utc: Date.now() }] }),
      syncBody({ comments: [{ id: "t1_x", author: "a", body: "b", created_utc: epoch(new Date()) }] }),
      syncBody({ items: Array.from({ length: 201 }, () => pm("x", "y")) }),
      syncBody({ extra: true }),
      { ...syncBody(), platform: "" },
    ];
    for (const body of bad) {
      const res = await sync(token, body);
      expect(res.status, JSON.stringify(body).slice(0, 200)).toBe(400);
      expect(res.json.error).toBe("bad_request");
    }
    const notJson = await call(dmSync.POST, asDevice(token, { method: "POST", rawBody: "{items:", headers: { "content-type": "application/json" } }));
    expect(notJson.status).toBe(400);

    const row = await db.extensionDevice.findUniqueOrThrow({ where: { id: device.id } });
    expect(row.lastSyncStatus).toBeNull();
    expect(row.lastSyncAt).toBeNull();
    expect(await db.conversationMessage.count({ where: { organizationId: A.orgId, externalId: `forum:pm:${good.id.slice(3)}` } })).toBe(0);
    expect((await db.draft.findUniqueOrThrow({ where: { id: draft.id } })).state).toBe("sent");
  });

  it("a private message from the draft's target flips it to replied, lands on its thread and gets a drafted reply", async () => {
    const { device, token } = await createDevice(A.orgId);
    const { account, draft } = await sentDraft(A.orgId, { runner: FAKE_SLUG });
    const message = pm(draft.targetUser.toUpperCase(), `u/${account.platformId}`);
    const status = okStatus();

    const res = await sync(token, { platform: "forum", items: [message], comments: [], status });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toMatchObject({ duplicates: 0, unmatched: 0, status });
    expect(res.json.matched).toEqual([
      { itemId: message.id, type: "pm", draftId: draft.id, threadId: expect.any(Number), messageId: expect.any(Number), replyDraftId: expect.any(Number), runId: expect.any(Number) },
    ]);
    const [match] = res.json.matched;

    const after = await db.draft.findUniqueOrThrow({ where: { id: draft.id } });
    expect(after.state).toBe("replied");
    const stored = await db.conversationMessage.findUniqueOrThrow({ where: { id: match.messageId } });
    expect(stored).toMatchObject({
      organizationId: A.orgId, threadId: match.threadId, direction: "inbound", author: message.author, body: message.body,
      externalId: `forum:pm:${message.id.slice(3)}`, permalink: `https://www.forum.example${message.permalink}`,
    });
    expect(stored.sentAt.getTime()).toBe(message.created_utc * 1000);
    const thread = await db.conversationThread.findUniqueOrThrow({ where: { id: match.threadId } });
    expect(thread).toMatchObject({ parentDraftId: draft.id, kind: "dm", externalId: "root1", messageCount: 2 });

    const reply = await db.draft.findUniqueOrThrow({ where: { id: match.replyDraftId } });
    expect(reply).toMatchObject({ kind: "reply_dm", parentMessageId: match.messageId, draftingRunId: match.runId, state: "proposed" });
    const notification = await db.notification.findFirst({ where: { organizationId: A.orgId, kind: "reply.received", payload: { path: ["messageId"], equals: match.messageId } } });
    expect(notification?.payload).toMatchObject({ draftId: draft.id, replyDraftId: match.replyDraftId });
    const repliedEvent = await db.draftEvent.findFirst({ where: { draftId: draft.id, event: "replied" } });
    expect(repliedEvent).toMatchObject({ actorType: "device", actorId: device.id });
    expect((await db.contactHistory.findFirst({ where: { organizationId: A.orgId, targetUser: draft.targetUser } }))?.outcome).toBe("replied");

    // The real drafting agent writes the continuation.
    const run = await waitForRunEnd(match.runId);
    expect(run.status).toBe("success");
    const drafted = await db.draft.findUniqueOrThrow({ where: { id: match.replyDraftId } });
    expect(drafted).toMatchObject({ body: REPLY_BODY, draftingRunId: null, qualityScore: 81 });

    // The report is stored on the device and read back by the status route.
    const row = await db.extensionDevice.findUniqueOrThrow({ where: { id: device.id } });
    expect(row.lastSyncStatus).toEqual(status);
    expect(row.lastSyncAt?.toISOString()).toBe(res.json.lastSyncAt);
    const st = await call(syncStatus.GET, asDevice(token));
    expect(st.json).toEqual({ deviceId: device.id, lastSyncAt: res.json.lastSyncAt, status, channels: { chat: "ok", legacy: "ok" }, stale: false });
  });

  it("messages that answer nothing are counted, not stored", async () => {
    const { token } = await createDevice(A.orgId);
    const { account, draft } = await sentDraft(A.orgId);
    const other = await sentDraft(A.orgId);
    const foreign = await sentDraft(B.orgId, { targetUser: `carol_${uid()}` });
    const items = [
      // Older than our send: earlier inbox history.
      pm(draft.targetUser, account.platformId, { created_utc: epoch(new Date(Date.now() - 2 * HOUR)) }),
      // Sent to a different account of ours.
      pm(draft.targetUser, other.account.platformId),
      // Someone we never wrote to.
      pm(`stranger_${uid()}`, account.platformId),
      // Organization B's target, reported to A.
      pm(foreign.draft.targetUser, foreign.account.platformId),
      // A draft that is only approved never left.
      pm((await createDraftRow(A.orgId, { state: "approved", targetUser: `dave_${uid()}` })).targetUser, "me"),
    ];
    const res = await sync(token, syncBody({ items }));
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ matched: [], duplicates: 0, unmatched: items.length });
    for (const d of [draft, other.draft, foreign.draft]) expect((await db.draft.findUniqueOrThrow({ where: { id: d.id } })).state).toBe("sent");
    expect(await db.conversationMessage.count({ where: { externalId: { in: items.map((i) => `forum:pm:${i.id.slice(3)}`) } } })).toBe(0);
  });

  it("a reply to our comment and a reply to our post match their drafts", async () => {
    const { token } = await createDevice(A.orgId);
    const postId = uid();
    const commentDraft = await sentDraft(A.orgId, { kind: "post_comment", targetUrl: `https://www.forum.example/r/selfhosted/comments/${postId}/flaky_ci/` });
    const postDraft = await sentDraft(A.orgId, { kind: "post", title: `We built a retry helper ${uid()}`, community: "r/devops" });
    const created = epoch(new Date(Date.now() - 30_000));
    const toComment = {
      id: `t1_${uid()}`, author: "erin", body: "Which CI are you on?", created_utc: created, parent_id: `t1_${uid()}`, link_id: `t3_${postId}`,
      dest: commentDraft.account.platformId, subreddit: "selfhosted", context: `/r/selfhosted/comments/${postId}/flaky_ci/c1/?context=3`,
    };
    const toPost = {
      id: `t1_${uid()}`, author: "frank", body: "Nice, is it open source?", created_at: new Date(created * 1000).toISOString(), parent_id: `t3_${uid()}`,
      dest: postDraft.account.platformId, subreddit: "devops", link_title: postDraft.draft.title,
    };
    const res = await sync(token, syncBody({ comments: [toComment, toPost] }));
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.unmatched).toBe(0);
    expect(res.json.matched.map((m: { draftId: number; type: string }) => [m.type, m.draftId])).toEqual([
      ["comment", commentDraft.draft.id],
      ["comment", postDraft.draft.id],
    ]);
    const [c, p] = res.json.matched;
    expect(await db.conversationThread.findUniqueOrThrow({ where: { id: c.threadId } })).toMatchObject({ kind: "post_comment", externalId: postId });
    const stored = await db.conversationMessage.findUniqueOrThrow({ where: { id: c.messageId } });
    expect(stored).toMatchObject({ externalId: `forum:comment:${toComment.id.slice(3)}`, permalink: `https://www.forum.example${toComment.context}` });
    expect((await db.draft.findUniqueOrThrow({ where: { id: c.replyDraftId } })).kind).toBe("reply_comment");
    expect((await db.draft.findUniqueOrThrow({ where: { id: p.replyDraftId } })).targetUser).toBe("frank");
    for (const d of [commentDraft.draft, postDraft.draft]) expect((await db.draft.findUniqueOrThrow({ where: { id: d.id } })).state).toBe("replied");

    // As the legacy feed sends it: no link_id, the post only in the context link.
    const feedStyle = { ...toComment, id: `t1_${uid()}`, link_id: undefined, name: "t1_ignored", type: "comment_reply", was_comment: true };
    const viaContext = await sync(token, syncBody({ comments: [feedStyle] }));
    expect(viaContext.json.matched.map((m: { draftId: number }) => m.draftId)).toEqual([commentDraft.draft.id]);

    // A comment under another post, and one to a post with another title, match nothing.
    const stray = await sync(token, syncBody({
      comments: [
        { ...toComment, id: `t1_${uid()}`, link_id: `t3_${uid()}` },
        { ...toPost, id: `t1_${uid()}`, link_title: "Something else" },
      ],
    }));
    expect(stray.json).toMatchObject({ matched: [], unmatched: 2 });
  });

  it("the same message twice, or from two devices, is stored once", async () => {
    const one = await createDevice(A.orgId);
    const two = await createDevice(A.orgId);
    const { account, draft } = await sentDraft(A.orgId);
    const message = pm(draft.targetUser, account.platformId);
    const bare = { ...message, id: message.id.slice(3) };

    const first = await sync(one.token, syncBody({ items: [message, bare] }));
    expect(first.json).toMatchObject({ duplicates: 1, unmatched: 0 });
    expect(first.json.matched).toHaveLength(1);
    const [second, third] = await Promise.all([sync(two.token, syncBody({ items: [message] })), sync(one.token, syncBody({ items: [bare] }))]);
    expect([second.json, third.json]).toMatchObject([{ matched: [], duplicates: 1 }, { matched: [], duplicates: 1 }]);

    const externalId = `forum:pm:${bare.id}`;
    expect(await db.conversationMessage.count({ where: { organizationId: A.orgId, externalId } })).toBe(1);
    expect(await db.draft.count({ where: { organizationId: A.orgId, parentMessageId: first.json.matched[0].messageId } })).toBe(1);
    expect(await db.notification.count({ where: { organizationId: A.orgId, kind: "reply.received", payload: { path: ["draftId"], equals: draft.id } } })).toBe(1);
    // Both devices' reports are stored.
    for (const d of [one, two]) expect((await db.extensionDevice.findUniqueOrThrow({ where: { id: d.device.id } })).lastSyncAt).not.toBeNull();
  });

  it("a heartbeat stores the report; the status route ages it to unknown; the banner follows chat = unauthorized", async () => {
    const org = await createOrg();
    const { device, token } = await createDevice(org.orgId);
    const never = await call(syncStatus.GET, asDevice(token));
    expect(never.json).toMatchObject({ lastSyncAt: null, status: null, channels: { chat: "unknown", legacy: "unknown" }, stale: false });
    expect(await getChatSyncHealth({ orgId: org.orgId })).toEqual({ chatUnauthorized: false, devices: [] });

    const status = { chat: "unauthorized", legacy: "ok", captured_at: new Date().toISOString() };
    const beat = await sync(token, syncBody({ status }));
    expect(beat.json).toMatchObject({ matched: [], duplicates: 0, unmatched: 0, status });
    expect((await call(syncStatus.GET, asDevice(token))).json.channels).toEqual({ chat: "unauthorized", legacy: "ok" });
    const health = await getChatSyncHealth({ orgId: org.orgId });
    expect(health.chatUnauthorized).toBe(true);
    expect(health.devices.map((d) => d.id)).toEqual([device.id]);
    // Another organization's devices never raise this one's banner.
    expect((await getChatSyncHealth({ orgId: B.orgId })).chatUnauthorized).toBe(false);

    // Settings lists it with its liveness and never the hash.
    const list = await call(devices.GET, { cookie: org.cookie });
    expect(list.json.devices).toEqual([expect.objectContaining({ id: device.id, channels: { chat: "unauthorized", legacy: "ok" }, stale: false, revoked: false })]);
    expect(JSON.stringify(list.json)).not.toContain(device.tokenHash);

    // Silent for more than three of the longest intervals: unknown.
    await db.extensionDevice.update({ where: { id: device.id }, data: { lastSyncAt: new Date(Date.now() - 91 * 60_000) } });
    expect((await call(syncStatus.GET, asDevice(token))).json).toMatchObject({ channels: { chat: "unknown", legacy: "unknown" }, stale: true });

    // A revoked device no longer raises the banner.
    await call(deviceRoute.DELETE, { method: "DELETE", cookie: org.cookie, params: { id: String(device.id) } });
    expect((await getChatSyncHealth({ orgId: org.orgId })).chatUnauthorized).toBe(false);
  });
});

describe("Settings device routes", () => {
  it("lists only this organization's devices; revoking needs an admin and another organization's device is 404", async () => {
    const mine = await createDevice(A.orgId);
    const theirs = await createDevice(B.orgId);
    const list = await call(devices.GET, { cookie: A.cookie });
    const ids = list.json.devices.map((d: { id: number }) => d.id);
    expect(ids).toContain(mine.device.id);
    expect(ids).not.toContain(theirs.device.id);

    expect((await call(deviceRoute.DELETE, { method: "DELETE", cookie: A.cookie, params: { id: String(theirs.device.id) } })).status).toBe(404);
    expect((await db.extensionDevice.findUniqueOrThrow({ where: { id: theirs.device.id } })).revoked).toBe(false);

    const member = await createOrg({ role: "member" });
    const memberDevice = await createDevice(member.orgId);
    const refused = await call(deviceRoute.DELETE, { method: "DELETE", cookie: member.cookie, params: { id: String(memberDevice.device.id) } });
    expect(refused.status).toBe(403);
    expect((await call(handshake.POST, asDevice(memberDevice.token, { method: "POST" }))).status).toBe(200);
    // Any member may pair.
    expect((await call(pairingCodes.POST, { method: "POST", cookie: member.cookie })).status).toBe(201);
  });
});
