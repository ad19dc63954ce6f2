// POST /api/drafts/bulk-reschedule - set scheduled_send_after on many drafts (by id or by the inbox filter), one result per id (session)
import { withOrg } from "@/lib/http/with-org";
import { ZBulkRescheduleBody } from "@/lib/drafts/schemas";
import { userActor } from "@/lib/drafts/actor";
import { bulkRescheduleDrafts } from "@/lib/drafts/bulk-reschedule-drafts";

export const POST = withOrg({ body: ZBulkRescheduleBody }, async (ctx) =>
  Response.json(
    await bulkRescheduleDrafts({
      orgId: ctx.orgId,
      target: ctx.body,
      sendAfter: ctx.body.send_after === null ? null : new Date(ctx.body.send_after),
      actor: userActor(ctx),
    }),
  ),
);
