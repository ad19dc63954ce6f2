// POST /api/billing/checkout - a Stripe Checkout address to subscribe to Pro (session, owner; 503 while billing is off)
import { withOrg } from "@/lib/http/with-org";
import { publicOrigin } from "@/lib/http/request-origin";
import { createCheckoutSession } from "@/lib/billing/create-checkout-session";

export const POST = withOrg({ apiKeys: false, role: "owner" }, async ({ req, orgId }) => {
  return Response.json(await createCheckoutSession({ orgId, origin: publicOrigin(req.headers) }));
});
