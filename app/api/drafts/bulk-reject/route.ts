// POST /api/drafts/bulk-reject - reject many drafts (by id or by the inbox filter) with one reason, one result per id (session)
import { withOrg } from "@/lib/http/with-org";
import { ZBulkRejectBody } from "@/lib/drafts/schemas";
import { userActor } from "@/lib/drafts/actor";
import { bulkRejectDrafts } from "@/lib/drafts/bulk-reject-drafts";

export const POST = withOrg({ body: ZBulkRejectBody }, async (ctx) =>
  Response.json(await bulkRejectDrafts({ orgId: ctx.orgId, target: ctx.body, reason: ctx.body.reason, actor: userActor(ctx) })),
);
