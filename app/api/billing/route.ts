// GET /api/billing - the plan, this period's cloud-runner minutes against the allowance, seats and invoices
// (session, admin)
import { withOrg } from "@/lib/http/with-org";
import { getBillingOverview } from "@/lib/billing/get-billing-overview";

export const GET = withOrg({ apiKeys: false, role: "admin" }, async ({ orgId }) => Response.json(await getBillingOverview({ orgId })));
