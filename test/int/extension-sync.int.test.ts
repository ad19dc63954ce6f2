// dm-sync as the extension calls it (docs/extension-api.md): validation, matching of private messages and comment
// replies to sent drafts (the draft replied, the message on its thread, a reply drafted by a real agent process, the
// notification), idempotency across repeats and devices, the stored liveness report, the status route and the banner's
// health check.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { getChatSyncHealth } from "@/lib/extension/get-chat-sync-health";
import * as dmSync from "@/app/api/extension/dm-sync/route";
import * as syncStatus from "@/app/api/extension/dm-sync/status/route";
import * as devices from "@/app/api/settings/extension/devices/route";
import * as deviceRoute from "@/app/api/settings/extension/devices/[id]/route";
import { call } from "./http";
import { createDevice, createDraftRow, createOrg, uid, type OrgFixture } from "./fixtures";
import { FAKE_SLUG, waitForRunEnd } from "./agent-harness";
import { asDevice, epoch, HOUR, okStatus, pm, REPLY_BODY, sentDraft, sync, syncBody, useExtensionWorld } from "./extension-harness";

const world = useExtensionWorld();
let A: OrgFixture;
let B: OrgFixture;
// Runs after the world's own beforeAll (hooks run in the order they were registered).
beforeAll(() => {
  ({ A, B } = world);
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
