// GET /api/notifications: the organization's notifications, newest first, in keyset pages on (created_at, id), with
// the unread count (SPEC 4: `{notifications, unread}`). With `grouped`, as the bell and the page ask, a notification
// shown inside another (a run's success inside its "N drafts waiting") is left out unless its own kind is asked for.
// What came before the reader joined is read for them.
import type { Prisma } from "@/lib/generated/prisma/client";
import { db } from "@/lib/db/client";
import { notificationSelect, toNotificationView } from "@/lib/notifications/notification-view";
import type { NotificationKind, NotificationView } from "@/lib/notifications/schemas";
import { countUnread, unreadScope, unreadWhere } from "@/lib/notifications/unread-scope";

export interface ListNotificationsInput {
  orgId: number;
  /** The reader: their unread count starts when they joined the organization. */
  userId?: number | null;
  kind?: NotificationKind;
  unreadOnly?: boolean;
  /** Leave out what is shown inside another notification. */
  grouped?: boolean;
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

export async function listNotifications({ orgId, userId, kind, unreadOnly, grouped, cursor, limit = 30 }: ListNotificationsInput): Promise<NotificationPage> {
  const scope = await unreadScope({ orgId, userId });
  const after = cursor ? decodeCursor(cursor) : null;
  const where: Prisma.NotificationWhereInput = {
    ...(unreadOnly ? unreadWhere(scope) : { organizationId: orgId }),
    ...(kind ? { kind } : grouped ? { groupedIntoId: null } : {}),
    ...(after ? { OR: [{ createdAt: { lt: after.createdAt } }, { createdAt: after.createdAt, id: { lt: after.id } }] } : {}),
  };
  const rows = await db.notification.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: limit + 1, select: notificationSelect });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    notifications: page.map((row) => toNotificationView(row, scope.since)),
    unread: await countUnread(scope),
    nextCursor: rows.length > limit && last ? encodeCursor(last.createdAt, last.id) : null,
  };
}
