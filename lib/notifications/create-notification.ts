// Every notification is written here, inside the transaction of the change that causes it (a run's terminal commit,
// a reply's capture, a batch of drafts), so it exists exactly when the change does. In the same transaction it
// enqueues one webhook delivery per subscribed endpoint and publishes `notification:created`, which reaches the
// pages (the bell) and wakes the delivery workers for the first attempt at once; both only on commit.
import type { Prisma } from "@/lib/generated/prisma/client";
import type { Tx } from "@/lib/db/client";
import { publish } from "@/lib/events/bus";
import type { NotificationData, NotificationKind } from "@/lib/notifications/schemas";
import { enqueueDeliveries } from "@/lib/webhooks/enqueue-deliveries";

export interface NewNotification {
  orgId: number;
  kind: NotificationKind;
  title: string;
  body?: string | null;
  data: NotificationData;
  now?: Date;
  /**
   * Written already read: it tells of something that needs nobody (a run that succeeded), so it is listed but never
   * counted as unread (docs/using-the-dashboard.md, "Notifications"). Webhook deliveries are the same either way.
   */
  read?: boolean;
}

export async function createNotification(tx: Tx, n: NewNotification): Promise<{ id: number; deliveries: number }> {
  const createdAt = n.now ?? new Date();
  const row = await tx.notification.create({
    data: {
      organizationId: n.orgId,
      kind: n.kind,
      title: n.title,
      body: n.body ?? null,
      payload: n.data as Prisma.InputJsonObject,
      createdAt,
      readAt: n.read ? createdAt : null,
    },
    select: { id: true },
  });
  const deliveries = await enqueueDeliveries(tx, { orgId: n.orgId, notificationId: row.id, kind: n.kind, createdAt, data: n.data });
  await publish({ o: n.orgId, t: "notification:created", notificationId: row.id }, tx);
  if (deliveries > 0) await publish({ o: n.orgId, t: "webhook:due" }, tx);
  return { id: row.id, deliveries };
}
