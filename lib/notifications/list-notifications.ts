// GET /api/notifications: the organization's notifications, newest first, in keyset pages on (created_at, id), with
// the unread count (SPEC 4: `{notifications, unread}`).
import { db } from "@/lib/db/client";
import { notificationSelect, toNotificationView } from "@/lib/notifications/notification-view";
import type { NotificationKind, NotificationView } from "@/lib/notifications/schemas";

export interface ListNotificationsInput {
  orgId: number;
  kind?: NotificationKind;
  unreadOnly?: boolean;
  cursor?: string;
  limit?: number;
}

export interface NotificationPage {
  notifications: NotificationView[];
  unread: number;
  /** Pass as `cursor` for the next page; null on the last. */
  nextCursor: string | null;
}

export function encodeCursor(createdAt: Date, id: number): string {
  return `${createdAt.getTime().toString().padStart(13, "0")}_${id}`;
}

function decodeCursor(cursor: string): { createdAt: Date; id: number } {
  const [ms, id] = cursor.split("_");
  return { createdAt: new Date(Number(ms)), id: Number(id) };
}

export async function listNotifications({ orgId, kind, unreadOnly, cursor, limit = 30 }: ListNotificationsInput): Promise<NotificationPage> {
  const after = cursor ? decodeCursor(cursor) : null;
  const rows = await db.notification.findMany({
    where: {
      organizationId: orgId,
      ...(kind ? { kind } : {}),
      ...(unreadOnly ? { readAt: null } : {}),
      ...(after ? { OR: [{ createdAt: { lt: after.createdAt } }, { createdAt: after.createdAt, id: { lt: after.id } }] } : {}),
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit + 1,
    select: notificationSelect,
  });
  const page = rows.slice(0, limit);
  const unread = await db.notification.count({ where: { organizationId: orgId, readAt: null } });
  const last = page.at(-1);
  return {
    notifications: page.map(toNotificationView),
    unread,
    nextCursor: rows.length > limit && last ? encodeCursor(last.createdAt, last.id) : null,
  };
}
