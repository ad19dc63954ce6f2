// POST /api/drafts/bulk-approve - approve many drafts (by id or by the inbox filter), one result per id (session)
import { withOrg } from "@/lib/http/with-org";
import { ZBulkApproveBody } from "@/lib/drafts/schemas";
import { userActor } from "@/lib/drafts/actor";
import { bulkApproveDrafts } from "@/lib/drafts/bulk-approve-drafts";

export const POST = withOrg({ body: ZBulkApproveBody }, async (ctx) =>
  Response.json(await bulkApproveDrafts({ orgId: ctx.orgId, target: ctx.body, actor: userActor(ctx) })),
);
