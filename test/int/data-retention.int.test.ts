// Data retention (docs/privacy.md "Retention"): the nightly job's body with a fake clock. It deletes, in organizations
// that turned it on, conversations and rejected or expired drafts older than the setting; keeps sent and approved
// drafts, recent rows and other organizations' rows; runs once a day however many instances call it; records the
// counts Settings shows; and leaves the Outcomes numbers as they were.
import { beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/db/client";
import type { Logger } from "@/lib/log/logger";
import { dataRetention } from "@/lib/jobs/data-retention";
import { getRetention } from "@/lib/privacy/retention";
import { refreshOutcomes } from "@/lib/outcomes/refresh-outcomes";
import * as retentionRoute from "@/app/api/settings/retention/route";
import { call } from "./http";
import { createDraftRow, createOrg, type OrgFixture } from "./fixtures";

const log: Logger = { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn(), child: () => log };
const NOW = new Date("2026-11-29T02:41:00.000Z");
const daysAgo = (n: number) => new Date(NOW.getTime() - n * 86_400_000);

async function draftAt(orgId: number, state: "sent" | "rejected" | "pending_review" | "approved", at: Date, body: string) {
  const d = await createDraftRow(orgId, { state, body });
  await db.$executeRaw`UPDATE drafts SET created_at = ${at}, updated_at = ${at} WHERE id = ${d.id}`;
  return d.id;
}

async function threadAt(orgId: number, parentDraftId: number, at: Date) {
  const t = await db.conversationThread.create({
    data: { organizationId: orgId, platform: "forum", accountHandle: "me", targetUser: `p_${parentDraftId}`, kind: "dm", parentDraftId, lastMessageAt: at, messageCount: 2 },
  });
  await db.conversationMessage.createMany({
    data: [
      { organizationId: orgId, threadId: t.id, direction: "outbound", author: "me", body: "hello", sentAt: at },
      { organizationId: orgId, threadId: t.id, direction: "inbound", author: `p_${parentDraftId}`, body: "hi back", sentAt: at },
    ],
  });
  return t.id;
}

async function totals(orgId: number) {
  const [row] = await db.$queryRaw<{ drafted: number; rejected: number; sent: number }[]>`
    SELECT coalesce(sum(drafted), 0)::int AS drafted, coalesce(sum(rejected), 0)::int AS rejected, coalesce(sum(sent), 0)::int AS sent
      FROM outcome_days WHERE organization_id = ${orgId}`;
  return row!;
}

let A: OrgFixture;
let B: OrgFixture;
const kept: number[] = [];
const gone: number[] = [];
let oldThread: number;
let recentThread: number;

beforeAll(async () => {
  [A, B] = await Promise.all([createOrg(), createOrg()]);
  const oldSent = await draftAt(A.orgId, "sent", daysAgo(45), "an old sent message");
  oldThread = await threadAt(A.orgId, oldSent, daysAgo(40));
  const recentSent = await draftAt(A.orgId, "sent", daysAgo(45), "a sent message still being talked about");
  recentThread = await threadAt(A.orgId, recentSent, daysAgo(5));
  gone.push(await draftAt(A.orgId, "rejected", daysAgo(40), "rejected long ago"));
  gone.push(await draftAt(A.orgId, "pending_review", daysAgo(40), "never reviewed"));
  kept.push(oldSent, recentSent);
  kept.push(await draftAt(A.orgId, "rejected", daysAgo(10), "rejected lately"));
  kept.push(await draftAt(A.orgId, "pending_review", daysAgo(10), "waiting"));
  kept.push(await draftAt(A.orgId, "approved", daysAgo(40), "approved, not sent yet"));
  // B has the same old rows and retention off.
  const bSent = await draftAt(B.orgId, "sent", daysAgo(45), "B's old message");
  await threadAt(B.orgId, bSent, daysAgo(40));
  await draftAt(B.orgId, "rejected", daysAgo(40), "B's old rejection");
});

describe("data retention", () => {
  it("is off by default: the job deletes nothing", async () => {
    expect(await getRetention({ orgId: A.orgId })).toEqual({ days: null, lastRunAt: null, lastRun: null, total: null });
    const result = await dataRetention({ now: NOW, log, orgIds: [A.orgId, B.orgId] });
    expect(result).toEqual({ organizations: 0, conversations: 0, messages: 0, drafts: 0 });
    expect(await db.draft.count({ where: { organizationId: A.orgId } })).toBe(7);
  });

  it("an admin turns it on; a member cannot", async () => {
    const member = await createOrg({ role: "member" });
    const refused = await call(retentionRoute.PUT, { method: "PUT", cookie: member.cookie, headers: { origin: "http://localhost" }, body: { days: 30 } });
    expect(refused.status).toBe(403);
    const res = await call(retentionRoute.PUT, { method: "PUT", cookie: A.cookie, headers: { origin: "http://localhost" }, body: { days: 30 } });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ days: 30, lastRunAt: null, lastRun: null, total: null });
  });

  it("deletes old conversations and rejected or expired drafts once, keeps the rest and the outcome numbers, and counts it", async () => {
    await refreshOutcomes({ orgId: A.orgId });
    const before = await totals(A.orgId);
    expect(before.drafted).toBe(7);

    // Two instances run the same nightly slot at once: one pass happens.
    const [one, two] = await Promise.all([dataRetention({ now: NOW, log, orgIds: [A.orgId, B.orgId] }), dataRetention({ now: NOW, log, orgIds: [A.orgId, B.orgId] })]);
    expect([one, two].map((r) => r.organizations).sort()).toEqual([0, 1]);
    expect(one.drafts + two.drafts).toBe(2);
    expect(one.conversations + two.conversations).toBe(1);
    expect(one.messages + two.messages).toBe(2);

    expect(await db.conversationThread.count({ where: { id: oldThread } })).toBe(0);
    expect(await db.conversationMessage.count({ where: { threadId: oldThread } })).toBe(0);
    expect(await db.conversationThread.count({ where: { id: recentThread } })).toBe(1);
    expect(await db.draft.count({ where: { id: { in: gone } } })).toBe(0);
    expect(await db.draft.count({ where: { id: { in: kept } } })).toBe(kept.length);
    // B turned nothing on: all of B's rows are there.
    expect(await db.draft.count({ where: { organizationId: B.orgId } })).toBe(2);
    expect(await db.conversationThread.count({ where: { organizationId: B.orgId } })).toBe(1);

    await refreshOutcomes({ orgId: A.orgId });
    expect(await totals(A.orgId)).toEqual(before);

    const counts = { conversations: 1, messages: 2, drafts: 2 };
    expect(await getRetention({ orgId: A.orgId })).toEqual({ days: 30, lastRunAt: NOW.toISOString(), lastRun: counts, total: counts });
    const read = await call(retentionRoute.GET, { cookie: A.cookie, path: "/api/settings/retention" });
    expect(read.json.lastRun).toEqual(counts);
  });

  it("a second run the same day does nothing; the next night's run finds nothing new and keeps the totals", async () => {
    expect(await dataRetention({ now: new Date(NOW.getTime() + 3_600_000), log, orgIds: [A.orgId] })).toMatchObject({ organizations: 0 });
    const nextNight = new Date(NOW.getTime() + 86_400_000);
    expect(await dataRetention({ now: nextNight, log, orgIds: [A.orgId] })).toEqual({ organizations: 1, conversations: 0, messages: 0, drafts: 0 });
    expect(await getRetention({ orgId: A.orgId })).toMatchObject({
      lastRunAt: nextNight.toISOString(), lastRun: { conversations: 0, messages: 0, drafts: 0 }, total: { conversations: 1, messages: 2, drafts: 2 },
    });
  });

  it("turned off, it stops", async () => {
    const res = await call(retentionRoute.PUT, { method: "PUT", cookie: A.cookie, headers: { origin: "http://localhost" }, body: { days: null } });
    expect(res.json.days).toBeNull();
    await db.$executeRaw`UPDATE drafts SET updated_at = ${daysAgo(400)} WHERE id = ${kept[2]}`;
    expect(await dataRetention({ now: new Date(NOW.getTime() + 5 * 86_400_000), log, orgIds: [A.orgId] })).toMatchObject({ organizations: 0 });
    expect(await db.draft.count({ where: { id: kept[2] } })).toBe(1);
  });
});
