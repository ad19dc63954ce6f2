// One delivery row per (message, endpoint), in the transaction of the change that caused it: every enabled endpoint of
// the organization whose event filter takes the message's type (an empty filter takes every type). Messages are a
// notification (enqueueDeliveries) or a webhook-only event such as a draft decision (enqueueEventDeliveries).
import type { Prisma } from "@/lib/generated/prisma/client";
import type { Tx } from "@/lib/db/client";
import { publish } from "@/lib/events/bus";
import type { NotificationData } from "@/lib/notifications/schemas";
import { eventMessageId, eventPayload, notificationMessageId, notificationPayload, type WebhookPayload } from "@/lib/webhooks/webhook-payload";

export async function enqueueDeliveries(
  tx: Tx,
  n: { orgId: number; notificationId: number; kind: string; createdAt: Date; data: NotificationData },
): Promise<number> {
  return enqueueMessage(tx, {
    orgId: n.orgId,
    type: n.kind,
    notificationId: n.notificationId,
    messageId: notificationMessageId(n.notificationId),
    payload: notificationPayload(n),
    createdAt: n.createdAt,
  });
}

/**
 * A webhook-only event (no notification row): its deliveries are queued in the caller's transaction and the delivery
 * workers are woken on commit, like a notification's.
 */
export async function enqueueEventDeliveries(
  tx: Tx,
  e: { orgId: number; type: string; eventKey: string; createdAt: Date; data: Record<string, unknown> },
): Promise<number> {
  const queued = await enqueueMessage(tx, {
    orgId: e.orgId,
    type: e.type,
    notificationId: null,
    messageId: eventMessageId(e.eventKey),
    payload: eventPayload(e),
    createdAt: e.createdAt,
  });
  if (queued > 0) await publish({ o: e.orgId, t: "webhook:due" }, tx);
  return queued;
}

async function enqueueMessage(
  tx: Tx,
  m: { orgId: number; type: string; notificationId: number | null; messageId: string; payload: WebhookPayload; createdAt: Date },
): Promise<number> {
  const endpoints = await tx.webhookEndpoint.findMany({
    where: { organizationId: m.orgId, enabled: true, OR: [{ eventTypes: { isEmpty: true } }, { eventTypes: { has: m.type } }] },
    select: { id: true, webhookId: true },
  });
  if (endpoints.length === 0) return 0;
  const payload = m.payload as unknown as Prisma.InputJsonObject;
  await tx.webhookDelivery.createMany({
    data: endpoints.map((e) => ({
      organizationId: m.orgId,
      endpointId: e.id,
      notificationId: m.notificationId,
      webhookId: e.webhookId,
      eventType: m.type,
      messageId: m.messageId,
      payload,
      nextAttemptAt: m.createdAt,
    })),
  });
  return endpoints.length;
}
