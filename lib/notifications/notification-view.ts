// A notification row as pages, the stream and the API show it, with the page it leads to.
import type { NotificationData, NotificationKind, NotificationView } from "@/lib/notifications/schemas";

export interface NotificationRow {
  id: number;
  kind: string;
  title: string;
  body: string | null;
  payload: unknown;
  readAt: Date | null;
  createdAt: Date;
  groupedIntoId?: number | null;
}

export const notificationSelect = { id: true, kind: true, title: true, body: true, payload: true, readAt: true, createdAt: true, groupedIntoId: true } as const;

export function notificationHref(kind: string, data: NotificationData): string | null {
  switch (kind) {
    case "run.success":
    case "run.failed":
      return data.runId ? `/runs/${data.runId}` : null;
    case "drafts.created":
      return data.draftIds?.length ? `/inbox?ids=${data.draftIds.slice(0, 100).join(",")}&state=all` : data.runId ? `/runs/${data.runId}` : null;
    case "reply.received":
      return data.threadId ? `/conversations/${data.threadId}` : null;
    case "draft.removed":
      return data.draftId ? `/inbox?ids=${data.draftId}&state=all` : null;
    case "contact.erased":
      return "/people/privacy";
    default:
      return null;
  }
}

/** `since`: when the reader joined; what came before reads as read for them (lib/notifications/unread-scope.ts). */
export function toNotificationView(row: NotificationRow, since: Date | null = null): NotificationView {
  const data = (row.payload ?? {}) as NotificationData;
  return {
    id: row.id,
    kind: row.kind as NotificationKind,
    title: row.title,
    body: row.body,
    data,
    read: row.readAt !== null || (since !== null && row.createdAt < since),
    createdAt: row.createdAt.toISOString(),
    href: notificationHref(row.kind, data),
    groupedInto: row.groupedIntoId ?? null,
  };
}
