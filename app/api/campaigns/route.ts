// GET /api/campaigns - list campaigns (?projectId=); POST - create one, runner snapshotted (session)
import { z } from "zod";
import { withOrg } from "@/lib/http/with-org";
import { ZId } from "@/lib/http/pipeline";
import { ZCampaignInput } from "@/lib/campaigns/schemas";
import { listCampaigns } from "@/lib/campaigns/list-campaigns";
import { createCampaign } from "@/lib/campaigns/create-campaign";

const ZQuery = z.object({ projectId: ZId.optional() });

export const GET = withOrg({ query: ZQuery }, async ({ orgId, query }) =>
  Response.json({ campaigns: await listCampaigns({ orgId, projectId: query.projectId }) }),
);

export const POST = withOrg({ body: ZCampaignInput }, async ({ orgId, body }) =>
  Response.json(await createCampaign({ orgId, input: body }), { status: 201 }),
);
