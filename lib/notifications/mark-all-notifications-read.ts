// POST /api/notifications (SPEC 4): every notification of the organization read; answers `{unread: 0}`.
import { db } from "@/lib/db/client";
import { countUnread, unreadScope } from "@/lib/notifications/unread-scope";

export async function markAllNotificationsRead({ orgId, userId, now = new Date() }: { orgId: number; userId?: number | null; now?: Date }): Promise<{ unread: number }> {
  await db.notification.updateMany({ where: { organizationId: orgId, readAt: null }, data: { readAt: now } });
  return { unread: await countUnread(await unreadScope({ orgId, userId })) };
}
