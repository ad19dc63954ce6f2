// GET /api/campaigns - list campaigns (?projectId=&state=&platform=&q=); POST - create one, runner snapshotted (session)
import { withOrg } from "@/lib/http/with-org";
import { ZCampaignInput, ZListCampaignsQuery } from "@/lib/campaigns/schemas";
import { listCampaigns } from "@/lib/campaigns/list-campaigns";
import { createCampaign } from "@/lib/campaigns/create-campaign";

export const GET = withOrg({ query: ZListCampaignsQuery }, async ({ orgId, query }) =>
  Response.json({ campaigns: await listCampaigns({ orgId, ...query }) }),
);

export const POST = withOrg({ body: ZCampaignInput }, async ({ orgId, body }) =>
  Response.json(await createCampaign({ orgId, input: body }), { status: 201 }),
);
