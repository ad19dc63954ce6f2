// PATCH /api/notifications/[id] - {read: true} marks one notification read; answers {id, read, unread} (session)
import { withOrg } from "@/lib/http/with-org";
import { ZId } from "@/lib/http/fields";
import { z } from "zod";
import { markNotificationRead } from "@/lib/notifications/mark-notification-read";
import { ZNotificationPatch } from "@/lib/notifications/schemas";

export const PATCH = withOrg({ params: z.object({ id: ZId }), body: ZNotificationPatch }, async ({ orgId, userId, params }) =>
  Response.json(await markNotificationRead({ orgId, userId, id: params.id })),
);
