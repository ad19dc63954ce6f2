// Bad-input cases of the notification and webhook routes: each answers 400 with the error shape and writes nothing
// (the suite's snapshot covers the notification and webhook tables).
import { db } from "@/lib/db/client";
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
import type { CallOptions } from "./http";

type Expect400 = (handler: (req: Request, ctx: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>, opts: CallOptions) => Promise<void>;

export function webhookBadInputCases(expect400: Expect400, orgId: () => number): Record<string, () => Promise<void>> {
  let endpointId: Promise<string> | undefined;
  const anEndpoint = () => (endpointId ??= createEndpoint({ orgId: orgId(), input: { url: "https://hooks.example/bad-input" } }).then((e) => String(e.endpoint.id)));
  return {
    "/api/notifications": async () => {
      await expect400(notifications.GET, { path: "/api/notifications?kind=run.exploded" });
      await expect400(notifications.GET, { path: "/api/notifications?cursor=yesterday" });
      await expect400(notifications.GET, { path: "/api/notifications?limit=0" });
      await expect400(notifications.GET, { path: "/api/notifications?color=red" });
      await expect400(notifications.GET, { path: "/api/notifications?grouped=yes" });
    },
    "/api/notifications/[id]": async () => {
      await expect400(notification.PATCH, { method: "PATCH", params: { id: "abc" }, body: { read: true } });
      await expect400(notification.PATCH, { method: "PATCH", params: { id: "1" }, body: { read: false } });
      await expect400(notification.PATCH, { method: "PATCH", params: { id: "1" }, body: { read: true, title: "x" } });
    },
    "/api/settings/webhooks": async () => {
      await expect400(settingsWebhooks.PUT, { method: "PUT", body: { url: "not a url" } });
      await expect400(settingsWebhooks.PUT, { method: "PUT", body: { url: "ftp://files.example/hook" } });
      await expect400(settingsWebhooks.PUT, { method: "PUT", body: {} });
      await expect400(settingsWebhooks.PUT, { method: "PUT", rawBody: "{url:", headers: { "content-type": "application/json" } });
    },
    "/api/webhooks/endpoints": async () => {
      await expect400(endpoints.POST, { method: "POST", body: { url: "javascript:alert(1)" } });
      await expect400(endpoints.POST, { method: "POST", body: { url: "https://hooks.example/x", eventTypes: ["drafts.deleted"] } });
      await expect400(endpoints.POST, { method: "POST", body: { url: "https://hooks.example/x", secret: "whsec_mine" } });
      await expect400(endpoints.POST, { method: "POST", body: { url: "https://hooks.example/x", description: "d".repeat(201) } });
    },
    "/api/webhooks/endpoints/[id]": async () => {
      const id = await anEndpoint();
      await expect400(endpointRoute.GET, { params: { id: "0" } });
      await expect400(endpointRoute.PATCH, { method: "PATCH", params: { id }, body: { enabled: "yes" } });
      await expect400(endpointRoute.PATCH, { method: "PATCH", params: { id }, body: { url: "http//missing-colon" } });
      await expect400(endpointRoute.DELETE, { method: "DELETE", params: { id: "-3" } });
    },
    "/api/webhooks/endpoints/[id]/secret": async () => {
      await expect400(endpointSecret.GET, { params: { id: "x" } });
    },
    "/api/webhooks/endpoints/[id]/rotate-secret": async () => {
      await expect400(endpointRotate.POST, { method: "POST", params: { id: "1.5" } });
    },
    "/api/webhooks/endpoints/[id]/test": async () => {
      await expect400(endpointTest.POST, { method: "POST", params: { id: "NaN" } });
    },
    "/api/webhooks/endpoints/[id]/deliveries": async () => {
      const id = await anEndpoint();
      await expect400(endpointDeliveries.GET, { params: { id }, path: `/api/webhooks/endpoints/${id}/deliveries?status=lost` });
      await expect400(endpointDeliveries.GET, { params: { id }, path: `/api/webhooks/endpoints/${id}/deliveries?cursor=-1` });
    },
    "/api/webhooks/deliveries/[id]": async () => {
      await expect400(delivery.GET, { params: { id: "99999999999" } });
    },
    "/api/webhooks/deliveries/[id]/retry": async () => {
      await expect400(deliveryRetry.POST, { method: "POST", params: { id: "first" } });
    },
    "/api/webhooks/deliveries/[id]/replay": async () => {
      await expect400(deliveryReplay.POST, { method: "POST", params: { id: "" } });
    },
  };
}

/** What the webhook cases could change, for the suite's snapshot. */
export async function webhookSnapshot(orgId: number) {
  const [n, e, d, a] = await Promise.all([
    db.notification.findMany({ where: { organizationId: orgId }, orderBy: { id: "asc" } }),
    db.webhookEndpoint.findMany({ where: { organizationId: orgId }, orderBy: { id: "asc" } }),
    db.webhookDelivery.findMany({ where: { organizationId: orgId }, orderBy: { id: "asc" } }),
    db.webhookAttempt.count({ where: { organizationId: orgId } }),
  ]);
  return { n, e, d, a };
}
