// The webhook routes as Settings > Webhooks uses them: the spec's single URL, endpoints with their secret shown once
// (then only by Reveal), rotation, Send test event and the delivery log; members cannot manage webhooks.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { log } from "@/lib/log/logger";
import { deliverDue } from "@/lib/webhooks/deliver-due";
import * as settingsWebhooks from "@/app/api/settings/webhooks/route";
import * as endpoints from "@/app/api/webhooks/endpoints/route";
import * as endpointRoute from "@/app/api/webhooks/endpoints/[id]/route";
import * as endpointSecret from "@/app/api/webhooks/endpoints/[id]/secret/route";
import * as endpointRotate from "@/app/api/webhooks/endpoints/[id]/rotate-secret/route";
import * as endpointTest from "@/app/api/webhooks/endpoints/[id]/test/route";
import * as endpointDeliveries from "@/app/api/webhooks/endpoints/[id]/deliveries/route";
import * as delivery from "@/app/api/webhooks/deliveries/[id]/route";
import { call } from "./http";
import { createOrg, type OrgFixture } from "./fixtures";
import { startReceiver, type Receiver } from "./webhook-receiver";
import { withEnv } from "./org-fixtures";

let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver();
  return () => receiver.close();
});

describe("PUT /api/settings/webhooks", () => {
  it("sets the organization's URL (its first endpoint, secret answered once), changes it, and null or '' turns it off", async () => {
    const A = await createOrg();
    const set = await call(settingsWebhooks.PUT, { cookie: A.cookie, method: "PUT", body: { url: "https://hooks.example/one" } });
    expect(set.status).toBe(200);
    expect(set.json).toMatchObject({ enabled: true, secret: expect.stringMatching(/^whsec_/), endpoint: { url: "https://hooks.example/one", webhookId: expect.stringMatching(/^wh_[0-9a-f]{12}$/) } });
    const changed = await call(settingsWebhooks.PUT, { cookie: A.cookie, method: "PUT", body: { url: "https://hooks.example/two" } });
    expect(changed.json.secret).toBeUndefined();
    expect(changed.json.endpoint.id).toBe(set.json.endpoint.id);
    for (const off of [null, ""]) {
      await call(settingsWebhooks.PUT, { cookie: A.cookie, method: "PUT", body: { url: "https://hooks.example/two" } });
      const res = await call(settingsWebhooks.PUT, { cookie: A.cookie, method: "PUT", body: { url: off } });
      expect(res.json).toMatchObject({ enabled: false, endpoint: { enabled: false } });
      expect((await call(settingsWebhooks.GET, { cookie: A.cookie })).json).toMatchObject({ url: "https://hooks.example/two", enabled: false });
    }
    expect(await db.webhookEndpoint.count({ where: { organizationId: A.orgId } })).toBe(1);
  });
});

describe("endpoints", () => {
  let A: OrgFixture;
  beforeAll(async () => {
    A = await createOrg();
  });

  it("a new endpoint's secret is answered once and stored sealed; lists show only its prefix; Reveal and Rotate", async () => {
    const created = await call(endpoints.POST, { cookie: A.cookie, method: "POST", body: { url: "https://hooks.example/a?token=abc", description: "CRM", eventTypes: ["reply.received"] } });
    expect(created.status).toBe(201);
    const { secret, endpoint } = created.json;
    const row = await db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } });
    expect(Buffer.from(row.secretCiphertext).toString("latin1")).not.toContain(secret);
    const list = await call(endpoints.GET, { cookie: A.cookie });
    expect(JSON.stringify(list.json)).not.toContain(secret);
    expect(list.json.endpoints[0]).toMatchObject({ id: endpoint.id, secretPrefix: secret.slice(0, 12), eventTypes: ["reply.received"], description: "CRM" });
    expect((await call(endpointSecret.GET, { cookie: A.cookie, params: { id: String(endpoint.id) } })).json).toEqual({ id: endpoint.id, secret });
    const rotated = await call(endpointRotate.POST, { cookie: A.cookie, method: "POST", params: { id: String(endpoint.id) } });
    expect(rotated.json.secret).not.toBe(secret);
    expect(rotated.json.endpoint.previousSecretActiveUntil).not.toBeNull();
    const patched = await call(endpointRoute.PATCH, { cookie: A.cookie, method: "PATCH", params: { id: String(endpoint.id) }, body: { eventTypes: [], enabled: false } });
    expect(patched.json).toMatchObject({ eventTypes: [], enabled: false });
    expect((await call(endpointRoute.DELETE, { cookie: A.cookie, method: "DELETE", params: { id: String(endpoint.id) } })).json).toEqual({ id: endpoint.id, deleted: true });
    expect((await call(endpointRoute.GET, { cookie: A.cookie, params: { id: String(endpoint.id) } })).status).toBe(404);
  });

  it("Send test event goes through the queue to the receiver, signed, and shows in the delivery log with its attempt", async () => {
    const path = "/test-event";
    const created = await call(endpoints.POST, { cookie: A.cookie, method: "POST", body: { url: receiver.url(path) } });
    receiver.secrets.set(path, [created.json.secret]);
    const sent = await call(endpointTest.POST, { cookie: A.cookie, method: "POST", params: { id: String(created.json.endpoint.id) } });
    expect(sent.status).toBe(202);
    await deliverDue({ orgIds: [A.orgId], allowPrivate: true, log });
    const [got] = await receiver.waitFor(path, 1);
    expect(got).toMatchObject({ verified: true, body: { type: "webhook.test", organization_id: A.orgId } });
    const logPage = await call(endpointDeliveries.GET, { cookie: A.cookie, params: { id: String(created.json.endpoint.id) }, path: "/x?status=delivered" });
    expect(logPage.json.deliveries.map((d: { id: number }) => d.id)).toEqual([sent.json.deliveryId]);
    const one = await call(delivery.GET, { cookie: A.cookie, params: { id: String(sent.json.deliveryId) } });
    expect(one.json).toMatchObject({ status: "delivered", eventType: "webhook.test", attemptLog: [{ attempt: 1, statusCode: 200, responseExcerpt: "ok" }] });
    expect(JSON.stringify(one.json)).not.toContain(receiver.url(path));
    const empty = await call(endpointDeliveries.GET, { cookie: A.cookie, params: { id: String(created.json.endpoint.id) }, path: "/x?status=dead" });
    expect(empty.json).toEqual({ deliveries: [], nextCursor: null });
  });

  it("a private or loopback address is refused when the endpoint is saved, unless private receivers are allowed", async () => {
    const saved = env.OUTREACH_WEBHOOK_ALLOW_PRIVATE;
    try {
      env.OUTREACH_WEBHOOK_ALLOW_PRIVATE = false;
      for (const url of ["http://127.0.0.1:8080/hook", "http://[::1]/hook", "http://169.254.169.254/latest", "http://10.0.0.1/hook"]) {
        const res = await call(endpoints.POST, { cookie: A.cookie, method: "POST", body: { url } });
        expect(res.status, url).toBe(400);
        expect(res.json.message).toMatch(/^The webhook address is refused: .* address\. To send webhooks to a receiver on your own network, set OUTREACH_WEBHOOK_ALLOW_PRIVATE=1 on the server\.$/);
        const cloud = await withEnv({ OUTREACH_EDITION: "cloud" }, () => call(endpoints.POST, { cookie: A.cookie, method: "POST", body: { url } }));
        expect(cloud.status).toBe(400);
        expect(cloud.json.message).toMatch(/^The webhook address is refused: .* address\. Webhooks can only go to public internet addresses here\.$/);
        expect(cloud.json.message).not.toMatch(/OUTREACH_|=1/);
      }
      const put = await call(settingsWebhooks.PUT, { cookie: A.cookie, method: "PUT", body: { url: "http://192.168.1.20/hook" } });
      expect(put.status).toBe(400);
      // A host name is judged when a delivery connects, not here.
      expect((await call(endpoints.POST, { cookie: A.cookie, method: "POST", body: { url: "https://hooks.example/public" } })).status).toBe(201);
      env.OUTREACH_WEBHOOK_ALLOW_PRIVATE = true;
      expect((await call(endpoints.POST, { cookie: A.cookie, method: "POST", body: { url: "http://10.0.0.1/hook" } })).status).toBe(201);
    } finally {
      env.OUTREACH_WEBHOOK_ALLOW_PRIVATE = saved;
    }
  });

  it("Send test event on a disabled endpoint is refused (409)", async () => {
    const created = await call(endpoints.POST, { cookie: A.cookie, method: "POST", body: { url: "https://hooks.example/off", enabled: false } });
    const res = await call(endpointTest.POST, { cookie: A.cookie, method: "POST", params: { id: String(created.json.endpoint.id) } });
    expect(res.status).toBe(409);
    expect(await db.webhookDelivery.count({ where: { endpointId: created.json.endpoint.id } })).toBe(0);
  });

  it("a member cannot see or manage webhooks (403)", async () => {
    const member = await createOrg({ role: "member" });
    for (const res of [
      await call(endpoints.GET, { cookie: member.cookie }),
      await call(endpoints.POST, { cookie: member.cookie, method: "POST", body: { url: "https://hooks.example/m" } }),
      await call(settingsWebhooks.PUT, { cookie: member.cookie, method: "PUT", body: { url: "https://hooks.example/m" } }),
    ]) {
      expect(res.status).toBe(403);
    }
    expect(await db.webhookEndpoint.count({ where: { organizationId: member.orgId } })).toBe(0);
  });
});
