// Notifications: written with the change that causes them (a run's end, a draft batch), listed newest first in keyset
// pages with the unread count, marked read one by one or all at once, and announced live as notification:created.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { subscribe } from "@/lib/events/bus";
import type { StreamEvent } from "@/lib/events/types";
import { commitRunTerminal } from "@/lib/runs/commit-run-terminal";
import { createDrafts } from "@/lib/drafts/create-drafts";
import { createNotification } from "@/lib/notifications/create-notification";
import * as notificationsRoute from "@/app/api/notifications/route";
import * as notificationRoute from "@/app/api/notifications/[id]/route";
import { call } from "./http";
import { createAccountRow, createCampaignRow, createOrg, createProject, uid, type OrgFixture } from "./fixtures";

let A: OrgFixture;
beforeAll(async () => {
  A = await createOrg();
});

async function campaignRun(orgId: number) {
  const p = await createProject(orgId);
  const acc = await createAccountRow(orgId, p.id);
  const c = await createCampaignRow(orgId, p.id);
  const run = await db.run.create({ data: { organizationId: orgId, campaignId: c.id, projectId: p.id, kind: "campaign", runner: "cloud", status: "running" } });
  return { p, acc, c, run };
}

const kindsOf = async (orgId: number) => (await db.notification.findMany({ where: { organizationId: orgId }, orderBy: { id: "asc" } })).map((n) => n.kind);

describe("notifications of a run's end", () => {
  it("a campaign run that drafted in two batches ends with run.success (read, grouped) and one unread drafts.created for all its drafts", async () => {
    const org = await createOrg();
    const { acc, c, run } = await campaignRun(org.orgId);
    const actor = { type: "run" as const, id: run.id };
    for (const batch of [["ana", "bo"], ["cy"]]) {
      await createDrafts({ orgId: org.orgId, campaignId: c.id, runId: run.id, actor, entries: batch.map((t) => ({ accountId: acc.id, kind: "dm", targetUser: `${t}_${uid()}`, body: "Hi there", qualityScore: 60 })) });
    }
    expect(await kindsOf(org.orgId)).toEqual([]);
    await commitRunTerminal(null, { orgId: org.orgId, runId: run.id, status: "success" });
    const rows = await db.notification.findMany({ where: { organizationId: org.orgId }, orderBy: { id: "asc" } });
    expect(rows.map((n) => [n.kind, n.title])).toEqual([
      ["run.success", `${c.name}: Drafted 3 messages`],
      ["drafts.created", `3 drafts waiting for review from ${c.name}`],
    ]);
    expect(rows[1]!.payload).toMatchObject({ runId: run.id, count: 3, draftIds: expect.arrayContaining([expect.any(Number)]) });
    // The success needs nobody: it is read, and shown inside "3 drafts waiting" (the one item left to act on).
    expect(rows[0]).toMatchObject({ readAt: rows[0]!.createdAt, groupedIntoId: rows[1]!.id });
    expect(rows[1]!.readAt).toBeNull();
    const listed = await call(notificationsRoute.GET, { cookie: org.cookie, path: "/api/notifications?grouped=1" });
    expect(listed.json.unread).toBe(1);
    expect(listed.json.notifications.map((n: { kind: string; read: boolean }) => [n.kind, n.read])).toEqual([["drafts.created", false]]);
    // Without `grouped` the API lists every notification, the grouped one saying where it is shown.
    const everything = await call(notificationsRoute.GET, { cookie: org.cookie });
    expect(everything.json.notifications.map((n: { kind: string; groupedInto: number | null }) => [n.kind, n.groupedInto])).toEqual([
      ["drafts.created", null],
      ["run.success", rows[1]!.id],
    ]);
    // Its own kind's list still shows it, and webhooks had both (SPEC 6).
    const successes = await call(notificationsRoute.GET, { cookie: org.cookie, path: "/api/notifications?kind=run.success" });
    expect(successes.json.notifications).toHaveLength(1);
  });

  it("six runs, some drafting, give one unread item per run that drafted and none for those that did not", async () => {
    const org = await createOrg();
    for (let i = 0; i < 6; i++) {
      const { acc, c, run } = await campaignRun(org.orgId);
      if (i % 2 === 0) {
        await createDrafts({ orgId: org.orgId, campaignId: c.id, runId: run.id, actor: { type: "run", id: run.id }, entries: [{ accountId: acc.id, kind: "dm", targetUser: `t_${uid()}`, body: "Hi", qualityScore: 70 }] });
        await commitRunTerminal(null, { orgId: org.orgId, runId: run.id, status: "success" });
      } else {
        await commitRunTerminal(null, { orgId: org.orgId, runId: run.id, status: "success", params: { summary: "nothing to draft" } });
      }
    }
    const listed = await call(notificationsRoute.GET, { cookie: org.cookie, path: "/api/notifications?grouped=1" });
    expect(listed.json.unread).toBe(3);
    expect(listed.json.notifications.filter((n: { read: boolean }) => !n.read).map((n: { title: string }) => n.title)).toEqual(Array(3).fill(expect.stringMatching(/^1 draft waiting for review from /)));
    expect(listed.json.notifications.filter((n: { kind: string }) => n.kind === "run.success").map((n: { title: string; read: boolean }) => [n.title, n.read])).toEqual(
      Array(3).fill([expect.stringMatching(/: Finished: nothing new to draft$/), true]),
    );
  });

  it("a failed run says why; a cancelled one is not announced; a second commit writes nothing", async () => {
    const org = await createOrg();
    const failed = await campaignRun(org.orgId);
    await commitRunTerminal(null, { orgId: org.orgId, runId: failed.run.id, status: "failed", failureReason: "auth_expired", error: "401 from the model API" });
    await commitRunTerminal(null, { orgId: org.orgId, runId: failed.run.id, status: "success" });
    const cancelled = await campaignRun(org.orgId);
    await commitRunTerminal(null, { orgId: org.orgId, runId: cancelled.run.id, status: "failed", failureReason: "cancelled" });
    const rows = await db.notification.findMany({ where: { organizationId: org.orgId } });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: "run.failed",
      title: `Run of ${failed.c.name} stopped: Sign-in expired`,
      body: "401 from the model API",
      readAt: null,
    });
  });

  it("drafts made outside a run (the CLI) are announced with their batch", async () => {
    const org = await createOrg();
    const { acc, c } = await campaignRun(org.orgId);
    await createDrafts({ orgId: org.orgId, campaignId: c.id, actor: { type: "user", id: org.userId, label: org.username }, entries: [{ accountId: acc.id, kind: "dm", targetUser: `dee_${uid()}`, body: "Hello", qualityScore: 60 }] });
    expect(await kindsOf(org.orgId)).toEqual(["drafts.created"]);
  });
});

describe("a member's unread count starts when they joined", () => {
  it("a member invited later does not inherit older notifications; reading stays shared", async () => {
    const org = await createOrg();
    const old = await db.$transaction((tx) => createNotification(tx, { orgId: org.orgId, kind: "run.failed", title: "before", data: { runId: 1 }, now: new Date(Date.now() - 60_000) }));
    const newcomer = await createOrg();
    await db.membership.create({ data: { organizationId: org.orgId, userId: newcomer.userId, role: "member" } });
    const { encodeSession, SESSION_COOKIE } = await import("@/lib/auth/session-cookie");
    const cookie = `${SESSION_COOKIE}=${await encodeSession({ userId: newcomer.userId, orgId: org.orgId, username: newcomer.username })}`;
    const fresh = await db.$transaction((tx) => createNotification(tx, { orgId: org.orgId, kind: "reply.received", title: "after", data: { threadId: 2 } }));

    const theirs = await call(notificationsRoute.GET, { cookie });
    expect(theirs.json.unread).toBe(1);
    expect(theirs.json.notifications.map((n: { id: number; read: boolean }) => [n.id, n.read])).toEqual([[fresh.id, false], [old.id, true]]);
    const unreadOnly = await call(notificationsRoute.GET, { cookie, path: "/api/notifications?unread=1" });
    expect(unreadOnly.json.notifications.map((n: { id: number }) => n.id)).toEqual([fresh.id]);
    // The member who was there sees both.
    expect((await call(notificationsRoute.GET, { cookie: org.cookie })).json.unread).toBe(2);
    const read = await call(notificationRoute.PATCH, { cookie, method: "PATCH", params: { id: String(fresh.id) }, body: { read: true } });
    expect(read.json).toEqual({ id: fresh.id, read: true, unread: 0 });
    expect((await call(notificationsRoute.GET, { cookie: org.cookie })).json.unread).toBe(1);
  });
});

describe("GET/POST /api/notifications, PATCH /api/notifications/[id]", () => {
  it("pages newest first without repeats over equal timestamps, with the unread count; read one, then all", async () => {
    const org = await createOrg();
    const t = new Date("2026-11-20T10:00:00Z");
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) {
      // Three share one timestamp: the keyset must still neither skip nor repeat.
      const now = i < 3 ? t : new Date(t.getTime() + i * 1000);
      ids.push((await db.$transaction((tx) => createNotification(tx, { orgId: org.orgId, kind: i % 2 ? "run.failed" : "run.success", title: `n${i}`, data: { runId: i }, now }))).id);
    }
    const page1 = await call(notificationsRoute.GET, { cookie: org.cookie, path: "/api/notifications?limit=2" });
    expect(page1.status).toBe(200);
    expect(page1.json.unread).toBe(5);
    const page2 = await call(notificationsRoute.GET, { cookie: org.cookie, path: `/api/notifications?limit=2&cursor=${page1.json.nextCursor}` });
    const page3 = await call(notificationsRoute.GET, { cookie: org.cookie, path: `/api/notifications?limit=2&cursor=${page2.json.nextCursor}` });
    const seen = [...page1.json.notifications, ...page2.json.notifications, ...page3.json.notifications].map((n: { id: number }) => n.id);
    expect(seen).toEqual([ids[4], ids[3], ids[2], ids[1], ids[0]]);
    expect(page3.json.nextCursor).toBeNull();
    expect(page1.json.notifications[0]).toMatchObject({ kind: "run.success", title: "n4", read: false, href: "/runs/4", data: { runId: 4 } });

    const failedOnly = await call(notificationsRoute.GET, { cookie: org.cookie, path: "/api/notifications?kind=run.failed" });
    expect(failedOnly.json.notifications.map((n: { title: string }) => n.title)).toEqual(["n3", "n1"]);

    const one = await call(notificationRoute.PATCH, { cookie: org.cookie, method: "PATCH", params: { id: String(ids[0]) }, body: { read: true } });
    expect(one.json).toEqual({ id: ids[0], read: true, unread: 4 });
    const unreadOnly = await call(notificationsRoute.GET, { cookie: org.cookie, path: "/api/notifications?unread=1" });
    expect(unreadOnly.json.notifications).toHaveLength(4);

    const all = await call(notificationsRoute.POST, { cookie: org.cookie, method: "POST" });
    expect(all.json).toEqual({ unread: 0 });
    expect((await call(notificationsRoute.GET, { cookie: org.cookie })).json.unread).toBe(0);
  });

  it("a new notification reaches the organization's stream with the unread count, and no other organization's", async () => {
    const org = await createOrg();
    const events: StreamEvent[] = [];
    const others: StreamEvent[] = [];
    const off = await subscribe(org.orgId, (e) => events.push(e));
    const offOther = await subscribe(A.orgId, (e) => others.push(e));
    try {
      const { id } = await db.$transaction((tx) => createNotification(tx, { orgId: org.orgId, kind: "reply.received", title: "fern replied", body: "sounds good", data: { threadId: 9 } }));
      await expect.poll(() => events.filter((e) => e.type === "notification:created").length).toBe(1);
      expect(events.find((e) => e.type === "notification:created")!.data).toMatchObject({
        notification: { id, kind: "reply.received", title: "fern replied", href: "/conversations/9", read: false },
        unread: 1,
      });
      expect(others.filter((e) => e.type === "notification:created")).toEqual([]);
    } finally {
      off();
      offOther();
    }
  });
});
