// GET /api/notifications - the organization's notifications, newest first, keyset pages, with the unread count (session)
// POST /api/notifications - marks every notification read; answers {unread: 0} (session)
import { withOrg } from "@/lib/http/with-org";
import { listNotifications } from "@/lib/notifications/list-notifications";
import { markAllNotificationsRead } from "@/lib/notifications/mark-all-notifications-read";
import { ZNotificationsQuery } from "@/lib/notifications/schemas";

export const GET = withOrg({ query: ZNotificationsQuery }, async ({ orgId, userId, query }) =>
  Response.json(await listNotifications({ orgId, userId, kind: query.kind, unreadOnly: query.unread !== undefined, grouped: query.grouped !== undefined, cursor: query.cursor, limit: query.limit })),
);

export const POST = withOrg({}, async ({ orgId, userId }) => Response.json(await markAllNotificationsRead({ orgId, userId })));
