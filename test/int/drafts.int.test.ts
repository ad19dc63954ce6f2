// The draft lifecycle against PostgreSQL: optimistic locking under concurrency, the state table, variants,
// sending (blocklist re-check, contact history), bulk actions and the reply-drafting block.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { call } from "./http";
import { createAccountRow, createCampaignRow, createDraftRow, createOrg, createProject, uid, type OrgFixture } from "./fixtures";
import * as draftRoute from "@/app/api/drafts/[id]/route";
import * as bulkApprove from "@/app/api/drafts/bulk-approve/route";
import * as bulkReschedule from "@/app/api/drafts/bulk-reschedule/route";
import * as bulkReject from "@/app/api/drafts/bulk-reject/route";
import { createDrafts } from "@/lib/drafts/create-drafts";
import { sendDraft } from "@/lib/drafts/send-draft";

let A: OrgFixture;
let ctx: { projectId: number; accountId: number; campaignId: number };

beforeAll(async () => {
  A = await createOrg();
  const p = await createProject(A.orgId);
  const [acc, camp] = await Promise.all([createAccountRow(A.orgId, p.id), createCampaignRow(A.orgId, p.id)]);
  ctx = { projectId: p.id, accountId: acc.id, campaignId: camp.id };
});

const newDraft = (opts: Parameters<typeof createDraftRow>[1] = {}) =>
  createDraftRow(A.orgId, { projectId: ctx.projectId, accountId: ctx.accountId, campaignId: ctx.campaignId, ...opts });

const patch = (id: number, body: unknown) =>
  call(draftRoute.PATCH, { method: "PATCH", cookie: A.cookie, params: { id: String(id) }, body });

const eventsOf = (draftId: number) => db.draftEvent.findMany({ where: { draftId }, orderBy: { id: "asc" } });

describe("optimistic locking", () => {
  it("50 concurrent PATCHes with the same version: one 200, 49 exact 409s, version +1", async () => {
    const d = await newDraft();
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => patch(d.id, { body: `Concurrent edit number ${i}`, version: d.version })),
    );
    const ok = results.filter((r) => r.status === 200);
    const conflicts = results.filter((r) => r.status === 409);
    expect(ok).toHaveLength(1);
    expect(conflicts).toHaveLength(49);
    for (const c of conflicts) expect(c.json).toStrictEqual({ error: "version_conflict", current_version: d.version + 1 });
    const row = await db.draft.findUniqueOrThrow({ where: { id: d.id } });
    expect(row.version).toBe(d.version + 1);
    expect(row.body).toBe(ok[0]!.json.body);
    expect(await db.draftEvent.count({ where: { draftId: d.id, event: "body_edited" } })).toBe(1);
  });

  it("50 concurrent approvals without a version: exactly one commits", async () => {
    const d = await newDraft();
    const results = await Promise.all(Array.from({ length: 50 }, () => patch(d.id, { state: "approved" })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    expect((await db.draft.findUniqueOrThrow({ where: { id: d.id } })).version).toBe(2);
    expect(await db.draftEvent.count({ where: { draftId: d.id, event: "approved" } })).toBe(1);
  });

  it("a stale version is refused with the current one and nothing changes", async () => {
    const d = await newDraft();
    expect((await patch(d.id, { body: "First edit by the reviewer" })).json.version).toBe(2);
    const stale = await patch(d.id, { state: "approved", version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.json).toStrictEqual({ error: "version_conflict", current_version: 2 });
    expect((await db.draft.findUniqueOrThrow({ where: { id: d.id } })).state).toBe("pending_review");
  });
});

describe("inline edit and review transitions", () => {
  it("edits in place while pending, recording the prior body; refuses with 409 once approved", async () => {
    const d = await newDraft({ body: "Original words" });
    const res = await patch(d.id, { body: "Better words" });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ body: "Better words", bodyEdited: true, version: 2, state: "pending_review" });
    const [event] = await eventsOf(d.id);
    expect(event).toMatchObject({ event: "body_edited", actorType: "user", actorId: A.userId });
    expect(event!.details).toMatchObject({ previousBody: "Original words" });

    expect((await patch(d.id, { state: "approved" })).status).toBe(200);
    const refused = await patch(d.id, { body: "Too late" });
    expect(refused.status).toBe(409);
    expect(refused.json.error).toBe("conflict");
    expect((await db.draft.findUniqueOrThrow({ where: { id: d.id } })).body).toBe("Better words");
  });

  it("proposed drafts are reviewed like pending ones", async () => {
    const d = await newDraft({ state: "proposed" });
    expect((await patch(d.id, { body: "Edited proposal" })).status).toBe(200);
    expect((await patch(d.id, { state: "approved" })).json.state).toBe("approved");
  });

  it("an approved draft that was never sent can be rejected or reopened; a sent one cannot", async () => {
    const d = await newDraft({ state: "approved" });
    expect((await patch(d.id, { state: "pending_review" })).json.state).toBe("pending_review");
    expect((await patch(d.id, { state: "approved" })).status).toBe(200);
    const rejected = await patch(d.id, { state: "rejected", reason: "Changed my mind" });
    expect(rejected.json).toMatchObject({ state: "rejected", version: 4 });
    const sent = await newDraft({ state: "sent" });
    const refused = await patch(sent.id, { state: "rejected" });
    expect(refused.status).toBe(409);
    expect(refused.json.message).toMatch(/sent cannot be rejected/);
    expect(await db.draftEvent.count({ where: { draftId: sent.id } })).toBe(0);
  });

  it("reopen returns a draft to the review state it left: a proposed continuation stays proposed", async () => {
    const proposed = await newDraft({ state: "proposed" });
    expect((await patch(proposed.id, { state: "approved" })).status).toBe(200);
    expect((await patch(proposed.id, { state: "pending_review" })).json).toMatchObject({ state: "proposed", version: 3 });
    expect((await patch(proposed.id, { state: "rejected" })).status).toBe(200);
    expect((await patch(proposed.id, { state: "pending_review" })).json.state).toBe("proposed");
    expect((await eventsOf(proposed.id)).at(-1)).toMatchObject({ event: "reopened", details: { from: "rejected", to: "proposed" } });
    // Approved, then withdrawn: the last decision left "approved", which is not a review state.
    const withdrawn = await newDraft();
    await patch(withdrawn.id, { state: "approved" });
    await patch(withdrawn.id, { state: "rejected" });
    expect((await patch(withdrawn.id, { state: "pending_review" })).json.state).toBe("pending_review");
  });

  it("a reply draft still being drafted cannot be approved or sent", async () => {
    const run = await db.run.create({ data: { organizationId: A.orgId, kind: "reply_drafting", runner: "cloud" } });
    const d = await newDraft({ kind: "reply_dm", draftingRunId: run.id });
    for (const state of ["approved", "sent"]) {
      const res = await patch(d.id, { state });
      expect(res.status).toBe(409);
      expect(res.json.message).toMatch(/still being drafted/);
    }
    await db.draft.update({ where: { id: d.id }, data: { draftingRunId: null } });
    expect((await patch(d.id, { state: "approved" })).status).toBe(200);
  });
});

describe("A/B variants", () => {
  async function variantGroup() {
    const { created } = await createDrafts({
      orgId: A.orgId, campaignId: ctx.campaignId, actor: { type: "system", label: "test" },
      entries: [{ accountId: ctx.accountId, kind: "dm", targetUser: `v_${uid()}`, body: "Version A", variants: ["Version B", "Version C"], qualityScore: 70 }],
    });
    return created;
  }

  it("approving B rejects pending A and C with variant_lost events naming B, in one transaction", async () => {
    const [a, b, c] = await variantGroup();
    expect([a!.variantLabel, b!.variantLabel, c!.variantLabel]).toEqual(["A", "B", "C"]);
    expect(new Set([a!.variantGroupId, b!.variantGroupId, c!.variantGroupId]).size).toBe(1);

    expect((await patch(b!.id, { state: "approved" })).status).toBe(200);
    const rows = await db.draft.findMany({ where: { id: { in: [a!.id, b!.id, c!.id] } }, orderBy: { id: "asc" } });
    expect(rows.map((r) => r.state)).toEqual(["rejected", "approved", "rejected"]);
    const lost = await db.draftEvent.findMany({ where: { draftId: { in: [a!.id, c!.id] }, event: "rejected" } });
    expect(lost).toHaveLength(2);
    for (const e of lost) expect(e.details).toMatchObject({ reason: "variant_lost", winnerDraftId: b!.id });
    // xmin is the id of the transaction that last wrote a row: one value across the winner, the losers and their
    // events proves the approval and the cascade committed together.
    const won = await db.draftEvent.findFirstOrThrow({ where: { draftId: b!.id, event: "approved" } });
    const xmins = await db.$queryRaw<{ xmin: string }[]>`
      SELECT xmin::text FROM drafts WHERE id IN (${a!.id}, ${b!.id}, ${c!.id})
      UNION ALL SELECT xmin::text FROM draft_events WHERE id IN (${won.id}, ${lost[0]!.id}, ${lost[1]!.id})`;
    expect(xmins).toHaveLength(6);
    expect(new Set(xmins.map((x) => x.xmin)).size).toBe(1);
  });

  it("two siblings approved at the same moment: exactly one wins", async () => {
    const [a, b] = await variantGroup();
    const [ra, rb] = await Promise.all([patch(a!.id, { state: "approved" }), patch(b!.id, { state: "approved" })]);
    expect([ra.status, rb.status].sort()).toEqual([200, 409]);
    const states = (await db.draft.findMany({ where: { variantGroupId: a!.variantGroupId }, select: { state: true } })).map((r) => r.state);
    expect(states.filter((s) => s === "approved")).toHaveLength(1);
    expect(states.filter((s) => s === "rejected")).toHaveLength(2);
  });

  it("reopening the approved variant (the inbox's Undo) brings back the siblings it beat, and only those", async () => {
    const [a, b, c] = await variantGroup();
    expect((await patch(b!.id, { state: "approved" })).status).toBe(200);
    // C is looked at again after losing: reopened and rejected by a person. That later decision stands.
    expect((await patch(c!.id, { state: "pending_review" })).status).toBe(200);
    expect((await patch(c!.id, { state: "rejected", reason: "Too long" })).status).toBe(200);

    const undone = await patch(b!.id, { state: "pending_review" });
    expect(undone.json).toMatchObject({ state: "pending_review" });
    const rows = await db.draft.findMany({ where: { id: { in: [a!.id, b!.id, c!.id] } }, orderBy: { id: "asc" } });
    expect(rows.map((r) => r.state)).toEqual(["pending_review", "pending_review", "rejected"]);
    expect((await eventsOf(a!.id)).at(-1)).toMatchObject({ event: "reopened", details: { reason: "variant_restored", winnerDraftId: b!.id, to: "pending_review" } });
    // The group is whole again: approving A now beats B.
    expect((await patch(a!.id, { state: "approved" })).status).toBe(200);
    expect((await db.draft.findUniqueOrThrow({ where: { id: b!.id } })).state).toBe("rejected");
  });

  it("sending a variant also rejects its pending siblings", async () => {
    const [a, b, c] = await variantGroup();
    expect((await patch(c!.id, { state: "sent" })).status).toBe(200);
    const rows = await db.draft.findMany({ where: { id: { in: [a!.id, b!.id] } } });
    expect(rows.every((r) => r.state === "rejected")).toBe(true);
  });
});

describe("sending", () => {
  it("records the contact: first contact kept, last contact and outcome moved forward", async () => {
    const target = `Sent_${uid()}`;
    const first = await newDraft({ targetUser: target });
    const t1 = new Date("2026-10-01T10:00:00Z");
    await sendDraft({ orgId: A.orgId, id: first.id, actor: { type: "device", id: 1 }, at: t1 });
    const second = await newDraft({ targetUser: target.toLowerCase() });
    const t2 = new Date("2026-11-01T10:00:00Z");
    await sendDraft({ orgId: A.orgId, id: second.id, actor: { type: "device", id: 1 }, at: t2 });
    const row = await db.contactHistory.findFirstOrThrow({ where: { organizationId: A.orgId, targetUser: target.toLowerCase() } });
    expect(row).toMatchObject({ platform: "forum", firstContactedAt: t1, lastContactedAt: t2, outcome: "sent", lastDraftId: second.id });
    const sent = await db.draft.findUniqueOrThrow({ where: { id: first.id } });
    expect(sent).toMatchObject({ state: "sent", version: 2, sentAt: t1 });
    expect((await eventsOf(first.id)).at(-1)).toMatchObject({ event: "sent", actorType: "device", actorId: 1 });
  });

  it("a keyword blocklisted after approval stops the send with a clear error and changes nothing", async () => {
    const word = `forbidden${uid()}`;
    const d = await newDraft({ state: "approved", body: `Have you tried ${word} for this?` });
    await db.blocklistEntry.create({ data: { organizationId: A.orgId, projectId: ctx.projectId, type: "keyword", value: word } });
    const before = { events: await db.draftEvent.count({ where: { draftId: d.id } }), contacts: await db.contactHistory.count({ where: { organizationId: A.orgId } }) };
    const res = await patch(d.id, { state: "sent" });
    expect(res.status).toBe(422);
    expect(res.json).toMatchObject({ error: "blocklisted", blocklist: { type: "keyword", value: word, scope: "project" } });
    expect(res.json.message).toContain(word);
    const row = await db.draft.findUniqueOrThrow({ where: { id: d.id } });
    expect(row).toMatchObject({ state: "approved", version: 1, sentAt: null });
    expect(await db.draftEvent.count({ where: { draftId: d.id } })).toBe(before.events);
    expect(await db.contactHistory.count({ where: { organizationId: A.orgId } })).toBe(before.contacts);
  });

  it("a rejected draft cannot be sent", async () => {
    const d = await newDraft({ state: "rejected" });
    expect((await patch(d.id, { state: "sent" })).status).toBe(409);
  });
});

describe("bulk actions", () => {
  it("bulk approve reports one result per id; bad ids never fail the call", async () => {
    const other = await createOrg();
    const foreign = await createDraftRow(other.orgId);
    const [p1, p2, p3] = await Promise.all([newDraft(), newDraft(), newDraft()]);
    const sent = await newDraft({ state: "sent" });
    const res = await call(bulkApprove.POST, {
      method: "POST", cookie: A.cookie, body: { ids: [p1.id, sent.id, foreign.id, p2.id, 2_000_000_000, p3.id, p1.id] },
    });
    expect(res.status).toBe(200);
    expect(res.json.results).toEqual([
      { id: p1.id, status: "approved" },
      { id: sent.id, status: "skipped", reason: "A draft in state sent cannot be approved" },
      { id: foreign.id, status: "not_found", reason: "Draft not found" },
      { id: p2.id, status: "approved" },
      { id: 2_000_000_000, status: "not_found", reason: "Draft not found" },
      { id: p3.id, status: "approved" },
    ]);
    expect((await db.draft.findUniqueOrThrow({ where: { id: foreign.id } })).state).toBe("pending_review");
  });

  it("bulk reschedule sets and clears scheduled_send_after, skipping sent drafts", async () => {
    const [p1, approved, sent] = await Promise.all([newDraft(), newDraft({ state: "approved" }), newDraft({ state: "sent" })]);
    const when = "2030-05-01T09:30:00.000Z";
    const res = await call(bulkReschedule.POST, { method: "POST", cookie: A.cookie, body: { ids: [p1.id, approved.id, sent.id], send_after: when } });
    expect(res.json.results.map((r: { status: string }) => r.status)).toEqual(["rescheduled", "rescheduled", "skipped"]);
    const row = await db.draft.findUniqueOrThrow({ where: { id: approved.id } });
    expect(row.scheduledSendAfter?.toISOString()).toBe(when);
    expect(row.version).toBe(2);
    const cleared = await call(bulkReschedule.POST, { method: "POST", cookie: A.cookie, body: { ids: [approved.id], send_after: null } });
    expect(cleared.json.results).toEqual([{ id: approved.id, status: "rescheduled" }]);
    expect((await db.draft.findUniqueOrThrow({ where: { id: approved.id } })).scheduledSendAfter).toBeNull();
  });

  it("approve one, select all, reject, undo: the approved one stays approved", async () => {
    const [first, second, third] = await Promise.all([newDraft(), newDraft(), newDraft()]);
    expect((await patch(first.id, { state: "approved" })).status).toBe(200);
    // The page still shows the approved row; its ids go out with the tab's states.
    const ids = [first.id, second.id, third.id];
    const res = await call(bulkReject.POST, { method: "POST", cookie: A.cookie, body: { ids, states: ["pending_review", "proposed"], reason: "Off topic" } });
    expect(res.status).toBe(200);
    expect(res.json.results).toEqual([
      { id: first.id, status: "skipped", reason: "Left out: the draft is approved now" },
      { id: second.id, status: "rejected" },
      { id: third.id, status: "rejected" },
    ]);
    for (const id of [second.id, third.id]) {
      const current = await db.draft.findUniqueOrThrow({ where: { id } });
      expect((await patch(id, { state: "pending_review", undo: true, version: current.version })).json.state).toBe("pending_review");
    }
    const states = new Map((await db.draft.findMany({ where: { id: { in: ids } }, select: { id: true, state: true } })).map((d) => [d.id, d.state]));
    expect(ids.map((id) => states.get(id))).toEqual(["approved", "pending_review", "pending_review"]);
  });

  it("every bulk action skips a draft that left the states it was selected in", async () => {
    const [approved, rejected, pending] = await Promise.all([newDraft({ state: "approved" }), newDraft({ state: "rejected" }), newDraft()]);
    const review = ["pending_review", "proposed"];
    const approve = await call(bulkApprove.POST, { method: "POST", cookie: A.cookie, body: { ids: [approved.id, pending.id], states: review } });
    expect(approve.json.results).toEqual([
      { id: approved.id, status: "skipped", reason: "Left out: the draft is approved now" },
      { id: pending.id, status: "approved" },
    ]);
    // The Approved tab: a draft rejected since it was ticked is not rescheduled.
    const when = "2031-01-01T10:00:00.000Z";
    const resched = await call(bulkReschedule.POST, {
      method: "POST", cookie: A.cookie, body: { ids: [rejected.id, approved.id], states: ["approved", "armed"], send_after: when },
    });
    expect(resched.json.results).toEqual([
      { id: rejected.id, status: "skipped", reason: "Left out: the draft is rejected now" },
      { id: approved.id, status: "rescheduled" },
    ]);
    expect((await db.draft.findUniqueOrThrow({ where: { id: rejected.id } })).scheduledSendAfter).toBeNull();
  });

  it("undo of a rejection puts an approved draft back to approved; a plain reopen sends it to review", async () => {
    const [a, b] = await Promise.all([newDraft(), newDraft()]);
    for (const d of [a, b]) {
      await patch(d.id, { state: "approved" });
      const bulk = await call(bulkReject.POST, { method: "POST", cookie: A.cookie, body: { ids: [d.id], states: ["approved", "armed"] } });
      expect(bulk.json.results).toEqual([{ id: d.id, status: "rejected" }]);
    }
    const undone = await patch(a.id, { state: "pending_review", undo: true });
    expect(undone.status).toBe(200);
    expect(undone.json.state).toBe("approved");
    const last = (await eventsOf(a.id)).at(-1)!;
    expect(last.event).toBe("reopened");
    expect(last.details).toMatchObject({ from: "rejected", to: "approved", undo: true });
    expect((await patch(b.id, { state: "pending_review" })).json.state).toBe("pending_review");
    // Undo is for taking back a decision, never a shortcut to another state.
    expect((await patch(b.id, { state: "approved", undo: true })).status).toBe(400);
  });

  it("undo of a rejection does not make a variant win twice", async () => {
    const { created } = await createDrafts({
      orgId: A.orgId, campaignId: ctx.campaignId, actor: { type: "system", label: "test" },
      entries: [{ accountId: ctx.accountId, kind: "dm", targetUser: `twin_${uid()}`, body: "Version A of a note.", variants: ["Version B of a note."], qualityScore: 70 }],
    });
    const [va, vb] = created;
    await patch(va!.id, { state: "approved" });
    await patch(va!.id, { state: "rejected" });
    await patch(vb!.id, { state: "pending_review" });
    await patch(vb!.id, { state: "approved" });
    const res = await patch(va!.id, { state: "pending_review", undo: true });
    expect(res.status).toBe(409);
    expect(res.json.message).toContain(`Another variant (#${vb!.id}) was chosen since`);
    expect((await db.draft.findUniqueOrThrow({ where: { id: va!.id } })).state).toBe("rejected");
  });
});
