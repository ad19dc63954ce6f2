// Outgoing webhooks against a real loopback receiver that verifies signatures with `standardwebhooks`: a notification
// becomes one delivery per subscribed endpoint, sent at once; failures are retried with the spec's backoff until
// `dead`; Retry-After, timeouts and 410 are honoured; Retry and Replay; two workers never send a row twice at once;
// the SSRF guard refuses private destinations without connecting. Sends are driven with a fake clock.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { log } from "@/lib/log/logger";
import { createNotification } from "@/lib/notifications/create-notification";
import type { NotificationKind } from "@/lib/notifications/schemas";
import { createEndpoint } from "@/lib/webhooks/create-endpoint";
import { deliverDue } from "@/lib/webhooks/deliver-due";
import { retryDelivery } from "@/lib/webhooks/retry-delivery";
import { replayDelivery } from "@/lib/webhooks/replay-delivery";
import { rotateEndpointSecret } from "@/lib/webhooks/rotate-endpoint-secret";
import { wakeOnDue } from "@/lib/webhooks/wake-on-due";
import { createOrg, uid, type OrgFixture } from "./fixtures";
import { startReceiver, type Receiver } from "./webhook-receiver";

let A: OrgFixture;
let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(async () => receiver.close());
// Each test has an organization of its own, so one test's endpoints (a receiver that hangs) never slow another's.
beforeEach(async () => {
  A = await createOrg();
});

async function endpoint(path: string, eventTypes?: NotificationKind[]) {
  const created = await createEndpoint({ orgId: A.orgId, input: { url: receiver.url(path), eventTypes } });
  receiver.secrets.set(path, [created.secret]);
  return created.endpoint;
}

const notify = (kind: NotificationKind = "run.success", now = new Date()) =>
  db.$transaction((tx) => createNotification(tx, { orgId: A.orgId, kind, title: "Run #1 succeeded", data: { runId: 1 }, now }));

const send = (now: Date, extra: { timeoutMs?: number; allowPrivate?: boolean } = {}) =>
  deliverDue({ now: () => now, orgIds: [A.orgId], allowPrivate: extra.allowPrivate ?? true, timeoutMs: extra.timeoutMs, log });

const deliveryOf = (endpointId: number) => db.webhookDelivery.findFirstOrThrow({ where: { endpointId }, orderBy: { id: "desc" } });
const at = (t: Date, seconds: number) => new Date(t.getTime() + seconds * 1000);

describe("webhook deliveries", () => {
  it("a notification is sent once to each subscribed endpoint, signed, as {id, type, created_at, organization_id, data}", async () => {
    const all = await endpoint(`/all-${uid()}`);
    const replies = await endpoint(`/replies-${uid()}`, ["reply.received"]);
    const t = new Date();
    const { id, deliveries } = await notify("run.success", t);
    expect(deliveries).toBe(1);
    expect(await db.webhookDelivery.count({ where: { endpointId: replies.id } })).toBe(0);
    await send(t);
    const [got] = await receiver.waitFor(new URL(all.url).pathname, 1);
    expect(got!.verified).toBe(true);
    expect(got!.messageId).toBe(`msg_ntf_${id}`);
    expect(got!.body).toEqual({ id: `ntf_${id}`, type: "run.success", created_at: t.toISOString(), organization_id: A.orgId, data: { runId: 1 } });
    expect(await deliveryOf(all.id)).toMatchObject({ status: "delivered", attempts: 1, lastStatus: 200, webhookId: all.webhookId });
  });

  it("the first attempt is made at once, without waiting for the tick", async () => {
    const ep = await endpoint(`/instant-${uid()}`);
    const stop = await wakeOnDue({ orgIds: [A.orgId], allowPrivate: true });
    try {
      const started = Date.now();
      await notify();
      await receiver.waitFor(new URL(ep.url).pathname, 1, 5000);
      expect(Date.now() - started).toBeLessThan(5000);
      await expect.poll(async () => (await deliveryOf(ep.id)).status).toBe("delivered");
    } finally {
      stop();
    }
  });

  it("a receiver that fails twice then succeeds: retried after 60 s, then 2 min, with every attempt in the log", async () => {
    const path = `/flaky-${uid()}`;
    const ep = await endpoint(path);
    receiver.answer(path, (n) => (n < 2 ? { status: 500, body: `boom ${n}` } : { status: 204 }));
    const t = new Date();
    await notify("run.failed", t);
    await send(t);
    let d = await deliveryOf(ep.id);
    expect(d).toMatchObject({ status: "pending", attempts: 1, lastStatus: 500, lastError: "HTTP 500" });
    expect(d.nextAttemptAt).toEqual(at(t, 60));
    await send(at(t, 59));
    expect((await deliveryOf(ep.id)).attempts).toBe(1);
    await send(at(t, 60));
    d = await deliveryOf(ep.id);
    expect(d).toMatchObject({ status: "pending", attempts: 2 });
    expect(d.nextAttemptAt).toEqual(at(t, 60 + 120));
    await send(at(t, 180));
    expect(await deliveryOf(ep.id)).toMatchObject({ status: "delivered", attempts: 3, lastError: null });
    const log = await db.webhookAttempt.findMany({ where: { deliveryId: d.id }, orderBy: { id: "asc" } });
    expect(log.map((a) => [a.attempt, a.statusCode, a.responseExcerpt])).toEqual([[1, 500, "boom 0"], [2, 500, "boom 1"], [3, 204, null]]);
    expect(log.every((a) => a.durationMs >= 0)).toBe(true);
    expect((await receiver.waitFor(path, 3)).every((r) => r.verified && r.messageId === d.messageId)).toBe(true);
  });

  it("after 8 failures the delivery is dead; Retry puts it back to pending with attempts 0, and it is delivered", async () => {
    const path = `/down-${uid()}`;
    const ep = await endpoint(path);
    let up = false;
    receiver.answer(path, () => (up ? { status: 200 } : { status: 503 }));
    let t = new Date();
    await notify("reply.received", t);
    for (let i = 0; i < 8; i++) {
      await send(t);
      t = at(t, 3600);
    }
    const dead = await deliveryOf(ep.id);
    expect(dead).toMatchObject({ status: "dead", attempts: 8, maxAttempts: 8 });
    await send(at(t, 7200));
    expect((await deliveryOf(ep.id)).attempts).toBe(8);

    const retried = await retryDelivery({ orgId: A.orgId, id: dead.id, now: t });
    expect(retried).toMatchObject({ status: "pending", attempts: 0 });
    up = true;
    await send(t);
    expect(await deliveryOf(ep.id)).toMatchObject({ status: "delivered", attempts: 1 });
    await expect(retryDelivery({ orgId: A.orgId, id: dead.id })).rejects.toMatchObject({ code: "conflict" });
  });

  it("a Retry-After is honoured, a timeout is a failure, and 410 disables the endpoint", async () => {
    const later = `/later-${uid()}`;
    const slow = `/slow-${uid()}`;
    const gone = `/gone-${uid()}`;
    const [e1, e2, e3] = [await endpoint(later), await endpoint(slow), await endpoint(gone)];
    receiver.answer(later, () => ({ status: 429, headers: { "retry-after": "7" } }));
    receiver.answer(slow, () => "hang");
    receiver.answer(gone, () => ({ status: 410 }));
    const t = new Date();
    await notify("run.success", t);
    await send(t, { timeoutMs: 300 });
    const d1 = await deliveryOf(e1.id);
    expect(d1.nextAttemptAt).toEqual(at(t, 7));
    expect(await deliveryOf(e2.id)).toMatchObject({ status: "pending", attempts: 1, lastStatus: null, lastError: expect.stringMatching(/timed out/) });
    expect(await deliveryOf(e3.id)).toMatchObject({ status: "dead", lastStatus: 410 });
    const disabled = await db.webhookEndpoint.findUniqueOrThrow({ where: { id: e3.id } });
    expect(disabled.enabled).toBe(false);
    expect(disabled.disabledReason).toMatch(/410 Gone/);
    // A disabled endpoint gets no new deliveries.
    await notify("run.success", t);
    expect(await db.webhookDelivery.count({ where: { endpointId: e3.id } })).toBe(1);
  });

  it("Replay sends any delivery again as a new one, with the same message id", async () => {
    const path = `/replay-${uid()}`;
    const ep = await endpoint(path);
    const t = new Date();
    await notify("run.success", t);
    await send(t);
    const original = await deliveryOf(ep.id);
    const replay = await replayDelivery({ orgId: A.orgId, id: original.id, now: t });
    expect(replay).toMatchObject({ status: "pending", replayOfId: original.id, messageId: original.messageId });
    await send(t);
    const got = await receiver.waitFor(path, 2);
    expect(got.map((r) => r.messageId)).toEqual([original.messageId, original.messageId]);
  });

  it("a rotated secret signs beside the old one, so receivers with either verify", async () => {
    const path = `/rotate-${uid()}`;
    const ep = await endpoint(path);
    const old = receiver.secrets.get(path)![0]!;
    const { secret } = await rotateEndpointSecret({ orgId: A.orgId, id: ep.id });
    expect(secret).not.toBe(old);
    receiver.secrets.set(path, [old]);
    const t = new Date();
    await notify("run.success", t);
    await send(t);
    const [got] = await receiver.waitFor(path, 1);
    expect(got).toMatchObject({ verified: true, signatures: 2 });
    receiver.secrets.set(path, [secret]);
    await notify("run.success", t);
    await send(t);
    expect((await receiver.waitFor(path, 2))[1]).toMatchObject({ verified: true });
  });

  it("two workers draining at once never send a row twice", async () => {
    const path = `/burst-${uid()}`;
    const ep = await endpoint(path);
    const t = new Date();
    for (let i = 0; i < 60; i++) await notify("run.success", t);
    const [r1, r2] = await Promise.all([send(t), send(t)]);
    expect(r1.claimed + r2.claimed).toBe(60);
    const got = await receiver.waitFor(path, 60);
    expect(new Set(got.map((r) => r.messageId)).size).toBe(60);
    await new Promise((r) => setTimeout(r, 200));
    expect(receiver.received.filter((r) => r.path === path)).toHaveLength(60);
    expect(await db.webhookDelivery.count({ where: { endpointId: ep.id, status: "delivered", attempts: 1 } })).toBe(60);
  });
});

describe("SSRF guard", () => {
  it("without OUTREACH_WEBHOOK_ALLOW_PRIVATE, private and loopback destinations are refused and never connected to", async () => {
    const org = await createOrg();
    const port = new URL(receiver.url("/")).port;
    const urls = [`http://127.0.0.1:${port}/x`, `http://[::1]:${port}/x`, "http://169.254.169.254/latest/meta-data", "http://10.0.0.1/hook", `http://localhost:${port}/x`];
    for (const url of urls) await createEndpoint({ orgId: org.orgId, input: { url } });
    const before = receiver.connections;
    const t = new Date();
    await db.$transaction((tx) => createNotification(tx, { orgId: org.orgId, kind: "run.success", title: "t", data: {}, now: t }));
    await deliverDue({ now: () => t, orgIds: [org.orgId], allowPrivate: false, log });
    const deliveries = await db.webhookDelivery.findMany({ where: { organizationId: org.orgId }, orderBy: { id: "asc" } });
    expect(deliveries).toHaveLength(5);
    for (const d of deliveries) {
      expect(d.status).toBe("pending");
      expect(d.lastError).toMatch(/^refused: .* (loopback|link-local|private)/);
      // The URL is never repeated in what is stored.
      expect(d.lastError).not.toMatch(/meta-data|\/hook|\/x/);
    }
    expect(receiver.connections).toBe(before);
  });
});
