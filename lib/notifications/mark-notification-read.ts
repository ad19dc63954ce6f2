// PATCH /api/notifications/[id]: one notification read; answers the unread count left.
import { db } from "@/lib/db/client";
import { foundOrThrow } from "@/lib/http/errors";

export async function markNotificationRead({ orgId, id, now = new Date() }: { orgId: number; id: number; now?: Date }): Promise<{ id: number; read: true; unread: number }> {
  const row = await db.notification.findFirst({ where: { id, organizationId: orgId }, select: { id: true, readAt: true } });
  foundOrThrow("Notification", id, row);
  if (!row!.readAt) await db.notification.updateMany({ where: { id, organizationId: orgId }, data: { readAt: now } });
  return { id, read: true, unread: await db.notification.count({ where: { organizationId: orgId, readAt: null } }) };
}
