// Draft decisions as webhook events (docs/webhooks.md "Draft decisions"): draft.approved, draft.rejected and
// draft.sent, queued where each transition commits (PATCH, bulk approve, the variant cascade, the extension's sent
// call), subscribable per endpoint, delivered signed like notifications, and never in the bell.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { log } from "@/lib/log/logger";
import { deliverDue } from "@/lib/webhooks/deliver-due";
import * as endpoints from "@/app/api/webhooks/endpoints/route";
import * as draftRoute from "@/app/api/drafts/[id]/route";
import * as bulkApprove from "@/app/api/drafts/bulk-approve/route";
import * as extSent from "@/app/api/extension/draft/[id]/sent/route";
import { call } from "./http";
import { createAccountRow, createCampaignRow, createDevice, createDraftRow, createOrg, createProject, type OrgFixture } from "./fixtures";
import { startReceiver, type Receiver } from "./webhook-receiver";

let receiver: Receiver;
let A: OrgFixture;
let B: OrgFixture;
let base: { projectId: number; accountId: number; campaignId: number };

beforeAll(async () => {
  receiver = await startReceiver();
  [A, B] = await Promise.all([createOrg(), createOrg()]);
  const p = await createProject(A.orgId);
  const acc = await createAccountRow(A.orgId, p.id);
  const c = await createCampaignRow(A.orgId, p.id);
  base = { projectId: p.id, accountId: acc.id, campaignId: c.id };
  return () => receiver.close();
});

/** An endpoint of `org` through the route, subscribed to `eventTypes` (empty: everything). */
async function endpoint(org: OrgFixture, eventTypes: string[], path = `/hook-${Math.random().toString(36).slice(2)}`) {
  const res = await call(endpoints.POST, { cookie: org.cookie, method: "POST", body: { url: receiver.url(path), eventTypes } });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  receiver.secrets.set(path, [res.json.secret]);
  return { id: res.json.endpoint.id as number, path };
}

const deliveriesOf = (endpointId: number) =>
  db.webhookDelivery.findMany({ where: { endpointId }, orderBy: { id: "asc" }, select: { eventType: true, messageId: true, notificationId: true, payload: true } });

const patch = (org: OrgFixture, id: number, body: Record<string, unknown>) =>
  call(draftRoute.PATCH, { cookie: org.cookie, method: "PATCH", params: { id: String(id) }, body });

describe("draft decision webhooks", () => {
  it("an approval through PATCH reaches an endpoint subscribed to draft.approved, signed, with the decision's ids and actor", async () => {
    const approvals = await endpoint(A, ["draft.approved"]);
    const d = await createDraftRow(A.orgId, base);
    const notificationsBefore = await db.notification.count({ where: { organizationId: A.orgId } });

    expect((await patch(A, d.id, { state: "approved", version: 1 })).status).toBe(200);
    const [queued] = await deliveriesOf(approvals.id);
    const event = await db.draftEvent.findFirstOrThrow({ where: { draftId: d.id, event: "approved" } });
    expect(queued).toMatchObject({ eventType: "draft.approved", messageId: `msg_evt_draft_${event.id}`, notificationId: null });

    await deliverDue({ orgIds: [A.orgId], allowPrivate: true, log });
    const [got] = await receiver.waitFor(approvals.path, 1);
    expect(got!.verified).toBe(true);
    expect(got!.messageId).toBe(`msg_evt_draft_${event.id}`);
    expect(got!.body).toEqual({
      id: `evt_draft_${event.id}`,
      type: "draft.approved",
      created_at: event.createdAt.toISOString(),
      organization_id: A.orgId,
      data: {
        draftId: d.id, state: "approved", previousState: "pending_review", version: 2,
        campaignId: base.campaignId, projectId: base.projectId, runId: null,
        actor: { type: "user", id: A.userId, label: A.username },
      },
    });
    // Webhook-only: nothing new in the bell.
    expect(await db.notification.count({ where: { organizationId: A.orgId } })).toBe(notificationsBefore);
  });

  it("each endpoint gets only the types it subscribed to; an empty filter gets every decision", async () => {
    const rejections = await endpoint(A, ["draft.rejected"]);
    const sends = await endpoint(A, ["draft.sent"]);
    const notificationsOnly = await endpoint(A, ["run.failed", "reply.received"]);
    const everything = await endpoint(A, []);

    const rejected = await createDraftRow(A.orgId, base);
    const res = await patch(A, rejected.id, { state: "rejected", reason: "Too pushy" });
    expect(res.status).toBe(200);
    const sent = await createDraftRow(A.orgId, { ...base, state: "approved" });
    expect((await patch(A, sent.id, { state: "sent" })).status).toBe(200);

    expect((await deliveriesOf(rejections.id)).map((q) => [q.eventType, (q.payload as any).data.draftId, (q.payload as any).data.reason])).toEqual([
      ["draft.rejected", rejected.id, "Too pushy"],
    ]);
    const [sentMsg] = await deliveriesOf(sends.id);
    expect(sentMsg!.eventType).toBe("draft.sent");
    expect((sentMsg!.payload as any).data).toMatchObject({ draftId: sent.id, state: "sent", previousState: "approved", sentAt: expect.any(String) });
    expect(await deliveriesOf(notificationsOnly.id)).toEqual([]);
    expect((await deliveriesOf(everything.id)).map((q) => q.eventType)).toEqual(["draft.rejected", "draft.sent"]);
  });

  it("bulk approve queues one draft.approved per approved draft, none for a skipped one", async () => {
    const approvals = await endpoint(A, ["draft.approved"]);
    const ok = await Promise.all([createDraftRow(A.orgId, base), createDraftRow(A.orgId, base)]);
    const alreadySent = await createDraftRow(A.orgId, { ...base, state: "sent" });
    const res = await call(bulkApprove.POST, { cookie: A.cookie, method: "POST", body: { ids: [...ok.map((d) => d.id), alreadySent.id] } });
    expect(res.json.results.map((r: { status: string }) => r.status)).toEqual(["approved", "approved", "skipped"]);
    expect((await deliveriesOf(approvals.id)).map((q) => (q.payload as any).data.draftId)).toEqual(ok.map((d) => d.id));
  });

  it("approving one variant sends draft.approved for it and draft.rejected (variant_lost) for each pending sibling", async () => {
    const all = await endpoint(A, ["draft.approved", "draft.rejected"]);
    const group = `grp-${Date.now()}`;
    const [winner, loser] = await Promise.all(
      ["A", "B"].map((label) => createDraftRow(A.orgId, { ...base, variantGroupId: group, variantLabel: label })),
    );
    expect((await patch(A, winner!.id, { state: "approved" })).status).toBe(200);
    const got = (await deliveriesOf(all.id)).map((q) => [q.eventType, (q.payload as any).data]);
    expect(got).toEqual([
      ["draft.approved", expect.objectContaining({ draftId: winner!.id })],
      ["draft.rejected", expect.objectContaining({ draftId: loser!.id, reason: "variant_lost", winnerDraftId: winner!.id, previousState: "pending_review" })],
    ]);
  });

  it("the extension's sent call sends draft.sent with the device as the actor", async () => {
    const sends = await endpoint(A, ["draft.sent"]);
    const { device, token } = await createDevice(A.orgId);
    const d = await createDraftRow(A.orgId, { ...base, state: "approved" });
    const res = await call(extSent.POST, { method: "POST", params: { id: String(d.id) }, body: { version: 1 }, headers: { authorization: `Bearer ${token}` } });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const [q] = await deliveriesOf(sends.id);
    expect((q!.payload as any).data).toMatchObject({ draftId: d.id, state: "sent", actor: { type: "device", id: device.id } });
  });

  it("a refused decision queues nothing, and another organization's endpoints never hear of A's drafts", async () => {
    const approvals = await endpoint(A, ["draft.approved"]);
    const theirs = await endpoint(B, []);
    const d = await createDraftRow(A.orgId, base);
    const conflict = await patch(A, d.id, { state: "approved", version: 7 });
    expect(conflict.status).toBe(409);
    expect(await deliveriesOf(approvals.id)).toEqual([]);
    expect((await patch(A, d.id, { state: "approved" })).status).toBe(200);
    expect(await deliveriesOf(approvals.id)).toHaveLength(1);
    expect(await deliveriesOf(theirs.id)).toEqual([]);
  });

  it("endpoints accept the draft event types and refuse unknown ones", async () => {
    const res = await call(endpoints.POST, { cookie: A.cookie, method: "POST", body: { url: receiver.url("/x"), eventTypes: ["draft.approved", "draft.rejected", "draft.sent"] } });
    expect(res.status).toBe(201);
    expect(res.json.endpoint.eventTypes).toEqual(["draft.approved", "draft.rejected", "draft.sent"]);
    const bad = await call(endpoints.POST, { cookie: A.cookie, method: "POST", body: { url: receiver.url("/y"), eventTypes: ["draft.edited"] } });
    expect(bad.status).toBe(400);
  });
});
