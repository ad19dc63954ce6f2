// Removal checks (docs/removal-checks.md) through the real send paths, the real job body with a fake clock, and the
// real "Check now" route, against the fake forum and the fake federated instance: a moderator removes a comment, the
// 1 h check sees it, the draft keeps the verdict, a draft.removed notification is written and delivered as a signed
// webhook, and the account's health counts it. Also: what is not a removal, a platform that does not answer, two
// workers at once, the 24 h check, and the manual check's throttle and refusals.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { log } from "@/lib/log/logger";
import { sealCredentials } from "@/lib/crypto/credentials";
import { sendDraft } from "@/lib/drafts/send-draft";
import { deliverDue } from "@/lib/webhooks/deliver-due";
import { removalCheckJob } from "@/lib/jobs/removal-check";
import { describeAccountHealth, getAccountHealth } from "@/lib/removal-checks/get-account-health";
import { listDrafts } from "@/lib/drafts/list-drafts";
import { ZListDraftsQuery } from "@/lib/drafts/schemas";
import * as extSent from "@/app/api/extension/draft/[id]/sent/route";
import * as visibilityCheck from "@/app/api/drafts/[id]/visibility-check/route";
import * as draftRoute from "@/app/api/drafts/[id]/route";
import * as endpoints from "@/app/api/webhooks/endpoints/route";
import * as notifications from "@/app/api/notifications/route";
import * as fakeForum from "../fakes/fake-forum";
import * as fakeFederated from "../fakes/fake-federated";
import { call } from "./http";
import { createAccountRow, createDevice, createDraftRow, createOrg, createProject, NO_SENDING_LIMITS, uid, type OrgFixture } from "./fixtures";
import { startReceiver, type Receiver } from "./webhook-receiver";

const HOUR = 3_600_000;
let A: OrgFixture;
let forum: fakeForum.FakeForum;
let fed: fakeFederated.FakeFederated;
let receiver: Receiver;
let token: string;
let world: { projectId: number; accountId: number };
let post: fakeForum.FakeForumPost;

beforeAll(async () => {
  [forum, fed, receiver] = await Promise.all([fakeForum.start(), fakeFederated.start(), startReceiver()]);
  process.env.OUTREACH_FORUM_BASE_URL = forum.url;
  process.env.OUTREACH_ALLOW_PRIVATE_HOSTS = "on";
  A = await createOrg();
  const project = await createProject(A.orgId);
  const account = await createAccountRow(A.orgId, project.id);
  world = { projectId: project.id, accountId: account.id };
  token = (await createDevice(A.orgId)).token;
  post = forum.addPost({ community: "selfhosted", author: "gina", title: "Which tracker do you use?" });
});

afterAll(async () => {
  delete process.env.OUTREACH_FORUM_BASE_URL;
  delete process.env.OUTREACH_ALLOW_PRIVATE_HOSTS;
  await Promise.all([forum?.close(), fed?.close(), receiver?.close()]);
});

/** One tick of the job as an engine runs it, for this file's organization only. */
const tick = (now: Date, orgId = A.orgId) => removalCheckJob.run({ now, log, orgIds: [orgId] });

/** An approved forum comment, marked sent by the extension with the permalink of the comment it saw appear. */
async function sentComment(opts: { accountId?: number; community?: string } = {}) {
  const comment = forum.addComment({ post, author: "us", body: `We built this for exactly that (${uid()}).` });
  const d = await createDraftRow(A.orgId, { projectId: world.projectId, accountId: opts.accountId ?? world.accountId, kind: "post_comment", state: "approved" });
  await db.draft.update({ where: { id: d.id }, data: { targetCommunity: opts.community ?? "r/selfhosted" } });
  const res = await call(extSent.POST, {
    method: "POST", params: { id: String(d.id) }, headers: { authorization: `Bearer ${token}` },
    body: { permalink: `${forum.url}${comment.permalink}` },
  });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  const row = await db.draft.findUniqueOrThrow({ where: { id: d.id } });
  return { draft: row, comment, sentAt: row.sentAt! };
}

const draftOf = (id: number) => db.draft.findUniqueOrThrow({ where: { id } });
const removedNotes = (draftId: number) =>
  db.notification.findMany({ where: { organizationId: A.orgId, kind: "draft.removed", payload: { path: ["draftId"], equals: draftId } } });
const infoCalls = (fullname: string) => forum.requests.filter((r) => r.path === "/api/info.json" && r.query.get("id") === fullname);

describe("scheduled removal checks", () => {
  it("a comment a moderator removed is seen at the 1 h check: kept on the draft, notified, delivered as draft.removed", async () => {
    const res = await call(endpoints.POST, { cookie: A.cookie, method: "POST", body: { url: receiver.url("/removed"), eventTypes: ["draft.removed"] } });
    expect(res.status).toBe(201);
    receiver.secrets.set("/removed", [res.json.secret]);

    const { draft, comment, sentAt: sentAtFirst } = await sentComment();
    expect(draft.publishedUrl).toBe(`${forum.url}${comment.permalink}`);
    expect(draft.visibilityCheckDueAt).toEqual(new Date(sentAtFirst.getTime() + HOUR));

    // Not due yet: nothing is read.
    expect((await tick(new Date(sentAtFirst.getTime() + 59 * 60_000))).claimed).toBe(0);
    expect(infoCalls(comment.name)).toHaveLength(0);

    // An hour passes (the send moves back, so the webhook is signed at the real time a receiver checks against).
    const shift = HOUR + 1000;
    const sentAt = new Date(sentAtFirst.getTime() - shift);
    await db.draft.update({ where: { id: draft.id }, data: { sentAt, visibilityCheckDueAt: new Date(sentAt.getTime() + HOUR) } });
    forum.takeDown(comment.id, "removed");
    const at = new Date();
    const result = await tick(at);
    expect(result).toMatchObject({ claimed: 1, lost: 1, notified: 1 });
    // Read as a signed-out visitor: no credentials of any kind.
    const [read] = infoCalls(comment.name);
    expect(read!.headers.authorization).toBeUndefined();
    expect(read!.headers.cookie).toBeUndefined();

    const after = await draftOf(draft.id);
    const checkedAt = after.visibilityCheckedAt!;
    expect(checkedAt.getTime()).toBeGreaterThanOrEqual(at.getTime());
    expect(after).toMatchObject({ visibility: "removed", visibilityChecksDone: 1, visibilityLostAt: checkedAt, visibilityError: null });
    expect(after.visibilityCheckDueAt).toEqual(new Date(sentAt.getTime() + 24 * HOUR));
    expect(await db.draftEvent.count({ where: { draftId: draft.id, event: "removal_seen" } })).toBe(1);

    // The bell: one notification leading to the draft.
    const list = await call(notifications.GET, { cookie: A.cookie, path: "/api/notifications?kind=draft.removed" });
    const note = list.json.notifications.find((n: { data: { draftId: number } }) => n.data.draftId === draft.id);
    expect(note).toMatchObject({ kind: "draft.removed", title: "Your comment in r/selfhosted was removed", href: `/inbox?ids=${draft.id}&state=all` });

    // The webhook, signed.
    await deliverDue({ orgIds: [A.orgId], allowPrivate: true, log });
    const [got] = await receiver.waitFor("/removed", 1);
    expect(got!.verified).toBe(true);
    expect(got!.body).toMatchObject({
      type: "draft.removed", organization_id: A.orgId,
      data: { draftId: draft.id, platform: "forum", projectId: world.projectId, accountId: world.accountId, visibility: "removed", checkedAt: checkedAt.toISOString() },
    });

    // The inbox's Sent tab reads the verdict.
    const page = await listDrafts({ orgId: A.orgId, query: ZListDraftsQuery.parse({ ids: String(draft.id), state: "sent" }) });
    expect(page.drafts[0]!.removalCheck).toEqual({
      status: "removed", checkedAt: checkedAt.toISOString(), nextCheckAt: new Date(sentAt.getTime() + 24 * HOUR).toISOString(), error: null,
      url: `${forum.url}${comment.permalink}`, checkable: true,
    });

    // The 24 h check sees it again: no second notification, and no check is left.
    const later = new Date(sentAt.getTime() + 24 * HOUR + 1000);
    expect(await tick(later)).toMatchObject({ claimed: 1, lost: 1, notified: 0 });
    expect(await draftOf(draft.id)).toMatchObject({ visibility: "removed", visibilityChecksDone: 2, visibilityCheckDueAt: null, visibilityLostAt: checkedAt });
    expect(await removedNotes(draft.id)).toHaveLength(1);
    expect((await tick(new Date(sentAt.getTime() + 48 * HOUR))).claimed).toBe(0);
  });

  it("visible stays quiet; deleted by its author is recorded but neither notifies nor counts against the account", async () => {
    const project = await createProject(A.orgId);
    const account = await createAccountRow(A.orgId, project.id);
    const kept = await sentComment({ accountId: account.id });
    const deleted = await sentComment({ accountId: account.id });
    const removed = await sentComment({ accountId: account.id });
    forum.takeDown(deleted.comment.name, "deleted");
    forum.takeDown(removed.comment.id, "removed");
    const at = new Date(Math.max(kept.sentAt.getTime(), deleted.sentAt.getTime(), removed.sentAt.getTime()) + HOUR + 1000);
    expect(await tick(at)).toMatchObject({ claimed: 3, visible: 1, lost: 1, notified: 1 });
    expect((await draftOf(kept.draft.id)).visibility).toBe("visible");
    expect((await draftOf(deleted.draft.id)).visibility).toBe("deleted");
    expect(await removedNotes(kept.draft.id)).toHaveLength(0);
    expect(await removedNotes(deleted.draft.id)).toHaveLength(0);

    const [health] = await getAccountHealth({ orgId: A.orgId, projectId: project.id, now: at });
    expect(health).toMatchObject({ accountId: account.id, checked: 3, removed: 1, deleted: 1, notVisible: 0, lost: 1 });
    expect(describeAccountHealth(health!)).toBe("1 of 3 checked posts removed in 30 days");
    // Sent more than 30 days before: out of the window.
    expect((await getAccountHealth({ orgId: A.orgId, projectId: project.id, now: new Date(at.getTime() + 31 * 24 * HOUR) }))[0]).toMatchObject({ checked: 0, lost: 0 });
  });

  it("a community gone private makes its comments not visible, which notifies", async () => {
    const privatePost = forum.addPost({ community: `closing_${uid()}`, author: "gina", title: "We are going private" });
    const comment = forum.addComment({ post: privatePost, author: "us", body: "Thanks for running this place." });
    const d = await createDraftRow(A.orgId, { projectId: world.projectId, accountId: world.accountId, kind: "post_comment", state: "approved" });
    const sentAt = new Date();
    await sendDraft({ orgId: A.orgId, id: d.id, actor: { type: "system", label: "test" }, at: sentAt, published: { url: comment.permalink } });
    forum.hideCommunity(privatePost.subreddit);
    expect(await tick(new Date(sentAt.getTime() + HOUR))).toMatchObject({ claimed: 1, lost: 1, notified: 1 });
    expect((await draftOf(d.id)).visibility).toBe("not_visible");
    expect((await removedNotes(d.id))[0]!.title).toBe(`Your comment to ${d.targetUser} is no longer visible`);
  });

  it("a platform that does not answer keeps the last verdict, records why, and is tried again 15 minutes later", async () => {
    const { draft, sentAt } = await sentComment();
    forum.failWith(503);
    const at = new Date(sentAt.getTime() + HOUR);
    try {
      expect(await tick(at)).toMatchObject({ claimed: 1, failed: 1, notified: 0 });
    } finally {
      forum.failWith(null);
    }
    const failed = await draftOf(draft.id);
    expect(failed).toMatchObject({ visibility: null, visibilityChecksDone: 0 });
    expect(failed.visibilityError).toContain("forum answered 503");
    expect(failed.visibilityCheckDueAt).toEqual(new Date(at.getTime() + 15 * 60_000));
    expect(await tick(new Date(at.getTime() + 15 * 60_000))).toMatchObject({ claimed: 1, visible: 1 });
    expect(await draftOf(draft.id)).toMatchObject({ visibility: "visible", visibilityChecksDone: 1, visibilityError: null });
  });

  it("two workers ticking at once check each post once and notify once", async () => {
    const sent = await Promise.all([sentComment(), sentComment(), sentComment(), sentComment()]);
    for (const s of sent) forum.takeDown(s.comment.id, "removed");
    const at = new Date(Math.max(...sent.map((s) => s.sentAt.getTime())) + HOUR + 1000);
    const [one, two] = await Promise.all([tick(at), tick(at)]);
    expect(one.claimed + two.claimed).toBe(4);
    expect(one.notified + two.notified).toBe(4);
    for (const s of sent) {
      expect(infoCalls(s.comment.name)).toHaveLength(1);
      expect(await removedNotes(s.draft.id)).toHaveLength(1);
      expect((await draftOf(s.draft.id)).visibilityChecksDone).toBe(1);
    }
  });

  it("a federated status: auto-post's id is kept; deleted is not visible, a suspended account's is removed", async () => {
    // An organization of its own, so its 24 h tick does not take the forum checks above.
    const F = await createOrg();
    const project = await createProject(F.orgId);
    const sealed = sealCredentials({ instanceUrl: fed.url, accessToken: "tok" });
    const account = await db.account.create({
      data: { organizationId: F.orgId, projectId: project.id, platform: "federated", platformId: `us_${uid()}`, credentialsCiphertext: sealed.ciphertext, credentialsKeyId: sealed.keyId, sendingPolicy: NO_SENDING_LIMITS },
    });
    const us = fed.addAccount({ username: `us${uid()}` });
    const sendStatus = async () => {
      const status = fed.addStatus({ account: us, content: "<p>Try our tracker</p>", tags: ["selfhosted"] });
      const d = await createDraftRow(F.orgId, { projectId: project.id, accountId: account.id, kind: "post", platform: "federated", state: "approved" });
      const sentAt = new Date();
      await sendDraft({ orgId: F.orgId, id: d.id, actor: { type: "system", label: "auto-post" }, at: sentAt, published: { url: status.url, id: status.id } });
      return { d, status, sentAt };
    };
    const gone = await sendStatus();
    const fine = await sendStatus();
    fed.deleteStatus(gone.status.id);
    const at = new Date(fine.sentAt.getTime() + HOUR + 1000);
    expect(await tick(at, F.orgId)).toMatchObject({ claimed: 2, visible: 1, lost: 1 });
    expect((await draftOf(gone.d.id)).visibility).toBe("not_visible");
    expect((await draftOf(fine.d.id)).visibility).toBe("visible");
    // Read without the account's token.
    expect(fed.requests.filter((r) => r.path === `/api/v1/statuses/${fine.status.id}`).every((r) => !r.headers.authorization)).toBe(true);

    fed.suspendAccount(us);
    expect(await tick(new Date(fine.sentAt.getTime() + 24 * HOUR + 1000), F.orgId)).toMatchObject({ claimed: 2, lost: 2 });
    expect((await draftOf(fine.d.id)).visibility).toBe("removed");
    // Both were notified once each: `gone` at 1 h, `fine` when it went.
    const notes = (draftId: number) => db.notification.count({ where: { organizationId: F.orgId, kind: "draft.removed", payload: { path: ["draftId"], equals: draftId } } });
    expect(await notes(gone.d.id)).toBe(1);
    expect(await notes(fine.d.id)).toBe(1);
  });

  it("a DM, or a comment sent without a link, is never scheduled", async () => {
    const dm = await createDraftRow(A.orgId, { projectId: world.projectId, accountId: world.accountId, kind: "dm", state: "approved" });
    await sendDraft({ orgId: A.orgId, id: dm.id, actor: { type: "system", label: "test" }, published: { url: `${forum.url}/r/x/comments/abc/t/def/` } });
    const bare = await createDraftRow(A.orgId, { projectId: world.projectId, accountId: world.accountId, kind: "post_comment", state: "approved" });
    await sendDraft({ orgId: A.orgId, id: bare.id, actor: { type: "system", label: "test" } });
    expect((await draftOf(dm.id)).visibilityCheckDueAt).toBeNull();
    expect((await draftOf(bare.id)).visibilityCheckDueAt).toBeNull();
    const page = await listDrafts({ orgId: A.orgId, query: ZListDraftsQuery.parse({ ids: `${dm.id},${bare.id}`, state: "sent" }) });
    const byId = new Map(page.drafts.map((d) => [d.id, d]));
    expect(byId.get(dm.id)!.removalCheck).toBeNull();
    expect(byId.get(bare.id)!.removalCheck).toMatchObject({ status: null, checkable: false, nextCheckAt: null });
  });
});

describe("Check now", () => {
  const checkNow = (id: number, body: Record<string, unknown> = {}) =>
    call(visibilityCheck.POST, { cookie: A.cookie, method: "POST", params: { id: String(id) }, body });

  it("checks at once, keeps the verdict, and refuses a second check of the same post within a minute", async () => {
    const { draft, comment } = await sentComment();
    const first = await checkNow(draft.id);
    expect(first.status, JSON.stringify(first.json)).toBe(200);
    expect(first.json.draft.removalCheck).toMatchObject({ status: "visible", error: null, checkable: true });
    // A manual check leaves the schedule alone.
    expect((await draftOf(draft.id)).visibilityChecksDone).toBe(0);

    forum.takeDown(comment.id, "removed");
    const again = await checkNow(draft.id);
    expect(again.status).toBe(429);
    expect(again.json.error).toBe("rate_limited");
    expect(Number(again.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await draftOf(draft.id)).visibility).toBe("visible");

    // A minute later it goes through and sees the removal.
    await db.draft.update({ where: { id: draft.id }, data: { visibilityManualAt: new Date(Date.now() - 61_000) } });
    const third = await checkNow(draft.id);
    expect(third.json.draft.removalCheck.status).toBe("removed");
    expect(await removedNotes(draft.id)).toHaveLength(1);
  });

  it("takes a permalink for a post sent without one, and schedules the checks still ahead", async () => {
    const comment = forum.addComment({ post, author: "us", body: "Marked sent by hand." });
    const d = await createDraftRow(A.orgId, { projectId: world.projectId, accountId: world.accountId, kind: "post_comment", state: "approved" });
    const sentAt = new Date(Date.now() - 2 * HOUR);
    await sendDraft({ orgId: A.orgId, id: d.id, actor: { type: "system", label: "test" }, at: sentAt });
    const refused = await checkNow(d.id);
    expect(refused.status).toBe(422);
    expect(refused.json.message).toContain("give its permalink");

    const wrong = await checkNow(d.id, { permalink: "https://forum.example/user/us/" });
    expect(wrong.status).toBe(400);
    expect((await draftOf(d.id)).publishedUrl).toBeNull();

    const res = await checkNow(d.id, { permalink: `${forum.url}${comment.permalink}` });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.draft.removalCheck).toMatchObject({ status: "visible", url: `${forum.url}${comment.permalink}` });
    // Two hours after the send: the 1 h check has passed, the 24 h one is ahead.
    expect(await draftOf(d.id)).toMatchObject({ visibilityChecksDone: 1, visibilityCheckDueAt: new Date(sentAt.getTime() + 24 * HOUR) });
  });

  it("refuses what is not a sent public post: a DM, a draft under review", async () => {
    const dm = await createDraftRow(A.orgId, { projectId: world.projectId, kind: "dm", state: "sent" });
    await db.draft.update({ where: { id: dm.id }, data: { sentAt: new Date() } });
    const pending = await createDraftRow(A.orgId, { projectId: world.projectId, kind: "post_comment" });
    for (const [id, words] of [[dm.id, "private"], [pending.id, "not been sent"]] as const) {
      const res = await checkNow(id, { permalink: `${forum.url}/r/x/comments/abc/t/def/` });
      expect(res.status).toBe(422);
      expect(res.json.message).toContain(words);
    }
    expect((await draftOf(dm.id)).visibilityManualAt).toBeNull();
  });

  it("holds at most 20 manual checks a minute per organization", async () => {
    const org = await createOrg();
    const project = await createProject(org.orgId);
    const ids: number[] = [];
    for (let i = 0; i < 21; i++) {
      const d = await createDraftRow(org.orgId, { projectId: project.id, kind: "post_comment", state: "sent" });
      const c = forum.addComment({ post, author: "us", body: `n${i}` });
      await db.draft.update({ where: { id: d.id }, data: { sentAt: new Date(), publishedUrl: c.permalink } });
      ids.push(d.id);
    }
    const answers = await Promise.all(ids.map((id) => call(visibilityCheck.POST, { cookie: org.cookie, method: "POST", params: { id: String(id) }, body: {} })));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(20);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(1);
  });
});

describe("manual Mark as sent with the link", () => {
  const markSent = (id: number, body: Record<string, unknown>) =>
    call(draftRoute.PATCH, { cookie: A.cookie, method: "PATCH", params: { id: String(id) }, body: { state: "sent", ...body } });

  it("keeps the link as the draft's published address, so the checks are scheduled and Check now can run", async () => {
    const comment = forum.addComment({ post, author: "us", body: `Sent by hand (${uid()}).` });
    const d = await createDraftRow(A.orgId, { projectId: world.projectId, accountId: world.accountId, kind: "post_comment", state: "approved" });
    const link = `${forum.url}${comment.permalink}`;
    const res = await markSent(d.id, { permalink: link });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toMatchObject({ state: "sent", removalCheck: { url: link, checkable: true, status: null } });
    const row = await draftOf(d.id);
    expect(row).toMatchObject({ publishedUrl: link, visibilityChecksDone: 0 });
    expect(row.visibilityCheckDueAt!.getTime()).toBe(row.sentAt!.getTime() + HOUR);
    const check = await call(visibilityCheck.POST, { cookie: A.cookie, method: "POST", params: { id: String(d.id) }, body: {} });
    expect(check.status, JSON.stringify(check.json)).toBe(200);
    expect(check.json.draft.removalCheck.status).toBe("visible");
  });

  it("without a link it is sent as before, with nothing to check yet", async () => {
    const d = await createDraftRow(A.orgId, { projectId: world.projectId, accountId: world.accountId, kind: "post_comment", state: "approved" });
    const res = await markSent(d.id, {});
    expect(res.status).toBe(200);
    expect(res.json.removalCheck).toMatchObject({ url: null, checkable: false });
    expect((await draftOf(d.id)).publishedUrl).toBeNull();
  });

  it("refuses a bad link with the one error shape and changes nothing", async () => {
    const d = await createDraftRow(A.orgId, { projectId: world.projectId, accountId: world.accountId, kind: "post_comment", state: "approved" });
    const before = await draftOf(d.id);
    for (const permalink of ["forum.example/r/x/comments/abc/t/", "ftp://forum.example/r/x/comments/abc/t/", `https://forum.example/${"a".repeat(2000)}`]) {
      const res = await markSent(d.id, { permalink });
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({ error: "bad_request", message: expect.any(String), issues: [expect.objectContaining({ path: "permalink" })] });
    }
    const short = await markSent(d.id, { permalink: "not a link" });
    expect(short.json.issues[0].message).toBe("Give the full link, starting with https://");
    const after = await draftOf(d.id);
    expect(after).toMatchObject({ state: "approved", sentAt: null, publishedUrl: null, version: before.version });
    expect(await db.draftEvent.count({ where: { draftId: d.id, event: "sent" } })).toBe(0);
  });
});
