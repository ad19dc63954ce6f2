// POST /api/billing/portal - a Stripe Customer Portal address to manage the subscription (session, owner)
import { withOrg } from "@/lib/http/with-org";
import { publicOrigin } from "@/lib/http/request-origin";
import { createPortalSession } from "@/lib/billing/create-portal-session";

export const POST = withOrg({ apiKeys: false, role: "owner" }, async ({ req, orgId }) => {
  return Response.json(await createPortalSession({ orgId, origin: publicOrigin(req.headers) }));
});
