// Who reads a notification as unread. Notifications belong to the organization and are read once for everyone, but a
// member's unread count starts when they joined: a teammate invited today does not inherit last month's runs
// (docs/using-the-dashboard.md, "Notifications"). Older items are listed as read for them. The organization's first
// member has no such start: everything is theirs (the first user of an install adopts its data with them).
import type { Prisma } from "@/lib/generated/prisma/client";
import { db } from "@/lib/db/client";

export interface UnreadScope {
  orgId: number;
  /** When the reader joined the organization; null (sign-in off, an API key without a member) counts every item. */
  since: Date | null;
}

export async function unreadScope({ orgId, userId }: { orgId: number; userId?: number | null }): Promise<UnreadScope> {
  if (!userId) return { orgId, since: null };
  const [first, mine] = await Promise.all([
    db.membership.findFirst({ where: { organizationId: orgId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }], select: { userId: true } }),
    db.membership.findFirst({ where: { organizationId: orgId, userId }, select: { createdAt: true } }),
  ]);
  if (!mine || first?.userId === userId) return { orgId, since: null };
  return { orgId, since: mine.createdAt };
}

/** The rows that count as unread for this reader. */
export function unreadWhere(scope: UnreadScope): Prisma.NotificationWhereInput {
  return { organizationId: scope.orgId, readAt: null, groupedIntoId: null, ...(scope.since ? { createdAt: { gte: scope.since } } : {}) };
}

export function countUnread(scope: UnreadScope): Promise<number> {
  return db.notification.count({ where: unreadWhere(scope) });
}
