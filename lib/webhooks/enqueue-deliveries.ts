// One delivery row per (notification, endpoint), in the notification's transaction: every enabled endpoint of the
// organization whose event filter takes the notification's kind (an empty filter takes every kind).
import type { Prisma } from "@/lib/generated/prisma/client";
import type { Tx } from "@/lib/db/client";
import type { NotificationData } from "@/lib/notifications/schemas";
import { notificationMessageId, notificationPayload } from "@/lib/webhooks/webhook-payload";

export async function enqueueDeliveries(
  tx: Tx,
  n: { orgId: number; notificationId: number; kind: string; createdAt: Date; data: NotificationData },
): Promise<number> {
  const endpoints = await tx.webhookEndpoint.findMany({
    where: { organizationId: n.orgId, enabled: true, OR: [{ eventTypes: { isEmpty: true } }, { eventTypes: { has: n.kind } }] },
    select: { id: true, webhookId: true },
  });
  if (endpoints.length === 0) return 0;
  const payload = notificationPayload(n) as unknown as Prisma.InputJsonObject;
  await tx.webhookDelivery.createMany({
    data: endpoints.map((e) => ({
      organizationId: n.orgId,
      endpointId: e.id,
      notificationId: n.notificationId,
      webhookId: e.webhookId,
      eventType: n.kind,
      messageId: notificationMessageId(n.notificationId),
      payload,
      nextAttemptAt: n.createdAt,
    })),
  });
  return endpoints.length;
}
