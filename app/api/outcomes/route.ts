// GET /api/outcomes - the funnel drafted -> approved -> sent -> replied, approval rate, edit distance and cost, in
// total, per campaign, per playbook, per runner and model and per week, from the daily rollups (session or API key)
import { withOrg } from "@/lib/http/with-org";
import { ZOutcomesQuery } from "@/lib/outcomes/schemas";
import { getOutcomes } from "@/lib/outcomes/get-outcomes";

export const GET = withOrg({ query: ZOutcomesQuery }, async ({ orgId, query }) => Response.json(await getOutcomes({ orgId, query })));
