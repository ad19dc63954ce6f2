// PATCH /api/notifications/[id]: one notification read; answers the unread count left for the reader.
import { db } from "@/lib/db/client";
import { foundOrThrow } from "@/lib/http/errors";
import { countUnread, unreadScope } from "@/lib/notifications/unread-scope";

export async function markNotificationRead({ orgId, userId, id, now = new Date() }: { orgId: number; userId?: number | null; id: number; now?: Date }): Promise<{ id: number; read: true; unread: number }> {
  const row = await db.notification.findFirst({ where: { id, organizationId: orgId }, select: { id: true, readAt: true } });
  foundOrThrow("Notification", id, row);
  if (!row!.readAt) await db.notification.updateMany({ where: { id, organizationId: orgId }, data: { readAt: now } });
  return { id, read: true, unread: await countUnread(await unreadScope({ orgId, userId })) };
}
