// POST /api/notifications (SPEC 4): every notification of the organization read; answers `{unread: 0}`.
import { db } from "@/lib/db/client";

export async function markAllNotificationsRead({ orgId, now = new Date() }: { orgId: number; now?: Date }): Promise<{ unread: number }> {
  await db.notification.updateMany({ where: { organizationId: orgId, readAt: null }, data: { readAt: now } });
  return { unread: await db.notification.count({ where: { organizationId: orgId, readAt: null } }) };
}
