// Notifications: every notification of the organization, newest first, filtered by kind (`?kind=`) and to the unread
// ones (`?unread=1`), both in the URL so a view can be shared. The first page renders here; the list pages on with
// the API's keyset cursor and takes new ones from the stream.
import type { Metadata } from "next";
import { PageHeader } from "@/app/_components/page-header";
import { Tabs } from "@/app/_components/tabs";
import { getPageContext } from "@/lib/auth/page-context";
import { listNotifications } from "@/lib/notifications/list-notifications";
import { NOTIFICATION_KINDS, type NotificationKind } from "@/lib/notifications/schemas";
import { KIND_LOOK } from "./_components/kind-icon";
import { NotificationList } from "./notification-list";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Notifications" };

const PAGE_SIZE = 20;

function notificationsHref(kind: NotificationKind | null, unreadOnly: boolean): string {
  const params = new URLSearchParams();
  if (kind) params.set("kind", kind);
  if (unreadOnly) params.set("unread", "1");
  const qs = params.toString();
  return qs ? `/notifications?${qs}` : "/notifications";
}

type PageProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function NotificationsPage({ searchParams }: PageProps) {
  const [query, { orgId, userId }] = await Promise.all([searchParams, getPageContext()]);
  // An unknown ?kind= shows everything rather than an empty list.
  const kind = (NOTIFICATION_KINDS as readonly unknown[]).includes(query.kind) ? (query.kind as NotificationKind) : null;
  const unreadOnly = query.unread === "1" || query.unread === "true";
  const page = await listNotifications({ orgId, userId, kind: kind ?? undefined, unreadOnly, grouped: true, limit: PAGE_SIZE });

  return (
    <>
      <PageHeader
        title="Notifications"
        description="What needs you is unread: drafts waiting for review, runs that stopped, replies and removed posts. Runs that finished are listed too, already read."
      />
      <Tabs
        label="Notification kinds"
        active={kind ?? "all"}
        items={[
          { key: "all", label: "All", href: notificationsHref(null, unreadOnly) },
          ...NOTIFICATION_KINDS.map((k) => ({ key: k, label: KIND_LOOK[k].tab, href: notificationsHref(k, unreadOnly) })),
        ]}
      />
      <NotificationList
        // A new filter is a new list: nothing loaded or received for the previous one carries over.
        key={`${kind ?? "all"}:${unreadOnly}`}
        initial={page}
        kind={kind}
        unreadOnly={unreadOnly}
        pageSize={PAGE_SIZE}
        serverNow={Date.now()}
        unreadToggleHref={notificationsHref(kind, !unreadOnly)}
        showAllHref={notificationsHref(null, false)}
      />
    </>
  );
}
