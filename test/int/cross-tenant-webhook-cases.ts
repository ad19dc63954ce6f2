// Cross-tenant cases of the notification and webhook routes: B, signed in to its own organization, tries A's
// notifications, endpoints and deliveries by id. Everything of A answers like a missing row, nothing of A changes,
// and no answer carries A's URL, secret or payloads.
import { expect } from "vitest";
import { db } from "@/lib/db/client";
import { createNotification } from "@/lib/notifications/create-notification";
import { createEndpoint } from "@/lib/webhooks/create-endpoint";
import * as notifications from "@/app/api/notifications/route";
import * as notification from "@/app/api/notifications/[id]/route";
import * as settingsWebhooks from "@/app/api/settings/webhooks/route";
import * as endpoints from "@/app/api/webhooks/endpoints/route";
import * as endpointRoute from "@/app/api/webhooks/endpoints/[id]/route";
import * as endpointSecret from "@/app/api/webhooks/endpoints/[id]/secret/route";
import * as endpointRotate from "@/app/api/webhooks/endpoints/[id]/rotate-secret/route";
import * as endpointTest from "@/app/api/webhooks/endpoints/[id]/test/route";
import * as endpointDeliveries from "@/app/api/webhooks/endpoints/[id]/deliveries/route";
import * as delivery from "@/app/api/webhooks/deliveries/[id]/route";
import * as deliveryRetry from "@/app/api/webhooks/deliveries/[id]/retry/route";
import * as deliveryReplay from "@/app/api/webhooks/deliveries/[id]/replay/route";
import { call } from "./http";
import { id, type RouteCases, type TenantWorld } from "./cross-tenant-world";

const SECRET_URL = "https://hooks.a.example/acme/secret-token-4242";

/** A's endpoint with one dead delivery of one notification, created once for all cases. */
function aWebhooks(w: TenantWorld) {
  let made: Promise<{ endpointId: number; deliveryId: number; notificationId: number; secret: string }> | undefined;
  return () =>
    (made ??= (async () => {
      const { endpoint, secret } = await createEndpoint({ orgId: w.A.orgId, input: { url: SECRET_URL, description: "A's receiver" } });
      const { id: notificationId } = await db.$transaction((tx) =>
        createNotification(tx, { orgId: w.A.orgId, kind: "run.success", title: "A's private run succeeded", data: { runId: 1 } }),
      );
      const d = await db.webhookDelivery.findFirstOrThrow({ where: { endpointId: endpoint.id } });
      await db.webhookDelivery.update({ where: { id: d.id }, data: { status: "dead", attempts: 8, lastError: "HTTP 500" } });
      return { endpointId: endpoint.id, deliveryId: d.id, notificationId, secret };
    })());
}

export function webhookRouteCases(w: TenantWorld): RouteCases {
  const asB = () => ({ cookie: w.B.cookie });
  const a = aWebhooks(w);
  const untouched = async () => {
    const x = await a();
    expect(await db.webhookEndpoint.findUniqueOrThrow({ where: { id: x.endpointId } })).toMatchObject({ url: SECRET_URL, enabled: true, description: "A's receiver", previousSecretExpiresAt: null });
    expect(await db.webhookDelivery.findUniqueOrThrow({ where: { id: x.deliveryId } })).toMatchObject({ status: "dead", attempts: 8 });
    expect(await db.webhookDelivery.count({ where: { organizationId: w.A.orgId } })).toBe(1);
    expect((await db.notification.findUniqueOrThrow({ where: { id: x.notificationId } })).readAt).toBeNull();
  };
  const noLeak = (json: unknown) => {
    const text = JSON.stringify(json);
    for (const leak of [SECRET_URL, "A's private run", "A's receiver"]) expect(text).not.toContain(leak);
  };
  return {
    "/api/notifications": async () => {
      await a();
      const list = await call(notifications.GET, asB());
      expect(list.status).toBe(200);
      noLeak(list.json);
      expect(list.json.unread).toBe(0);
      expect((await call(notifications.POST, { ...asB(), method: "POST" })).json).toEqual({ unread: 0 });
      await untouched();
    },
    "/api/notifications/[id]": async () => {
      const x = await a();
      const res = await call(notification.PATCH, { ...asB(), method: "PATCH", params: { id: id(x.notificationId) }, body: { read: true } });
      expect(res.status).toBe(404);
      noLeak(res.json);
      await untouched();
    },
    "/api/settings/webhooks": async () => {
      await a();
      const get = await call(settingsWebhooks.GET, asB());
      expect(get.json).toEqual({ url: null, enabled: false, endpoint: null });
      const off = await call(settingsWebhooks.PUT, { ...asB(), method: "PUT", body: { url: null } });
      expect(off.status).toBe(200);
      await untouched();
    },
    "/api/webhooks/endpoints": async () => {
      await a();
      const list = await call(endpoints.GET, asB());
      expect(list.json.endpoints).toEqual([]);
      await untouched();
    },
    "/api/webhooks/endpoints/[id]": async () => {
      const x = await a();
      const params = { id: id(x.endpointId) };
      for (const res of [
        await call(endpointRoute.GET, { ...asB(), params }),
        await call(endpointRoute.PATCH, { ...asB(), method: "PATCH", params, body: { url: "https://evil.example/hook", enabled: false } }),
        await call(endpointRoute.DELETE, { ...asB(), method: "DELETE", params }),
      ]) {
        expect(res.status).toBe(404);
        noLeak(res.json);
      }
      await untouched();
    },
    "/api/webhooks/endpoints/[id]/secret": async () => {
      const x = await a();
      const res = await call(endpointSecret.GET, { ...asB(), params: { id: id(x.endpointId) } });
      expect(res.status).toBe(404);
      expect(JSON.stringify(res.json)).not.toContain(x.secret);
      await untouched();
    },
    "/api/webhooks/endpoints/[id]/rotate-secret": async () => {
      const x = await a();
      expect((await call(endpointRotate.POST, { ...asB(), method: "POST", params: { id: id(x.endpointId) } })).status).toBe(404);
      await untouched();
    },
    "/api/webhooks/endpoints/[id]/test": async () => {
      const x = await a();
      expect((await call(endpointTest.POST, { ...asB(), method: "POST", params: { id: id(x.endpointId) } })).status).toBe(404);
      await untouched();
    },
    "/api/webhooks/endpoints/[id]/deliveries": async () => {
      const x = await a();
      const res = await call(endpointDeliveries.GET, { ...asB(), params: { id: id(x.endpointId) } });
      expect(res.status).toBe(404);
      noLeak(res.json);
    },
    "/api/webhooks/deliveries/[id]": async () => {
      const x = await a();
      const res = await call(delivery.GET, { ...asB(), params: { id: id(x.deliveryId) } });
      expect(res.status).toBe(404);
      noLeak(res.json);
    },
    "/api/webhooks/deliveries/[id]/retry": async () => {
      const x = await a();
      expect((await call(deliveryRetry.POST, { ...asB(), method: "POST", params: { id: id(x.deliveryId) } })).status).toBe(404);
      await untouched();
    },
    "/api/webhooks/deliveries/[id]/replay": async () => {
      const x = await a();
      expect((await call(deliveryReplay.POST, { ...asB(), method: "POST", params: { id: id(x.deliveryId) } })).status).toBe(404);
      await untouched();
    },
  };
}
