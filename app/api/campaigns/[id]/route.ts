// GET/PATCH/DELETE /api/campaigns/[id] - read, edit or delete a campaign (session)
import { z } from "zod";
import { withOrg } from "@/lib/http/with-org";
import { ZId } from "@/lib/http/fields";
import { ZCampaignPatch } from "@/lib/campaigns/schemas";
import { getCampaignOrThrow } from "@/lib/campaigns/get-campaign";
import { updateCampaign } from "@/lib/campaigns/update-campaign";
import { deleteCampaign } from "@/lib/campaigns/delete-campaign";

const ZParams = z.object({ id: ZId });

export const GET = withOrg({ params: ZParams }, async ({ orgId, params }) =>
  Response.json(await getCampaignOrThrow({ orgId, id: params.id })),
);

export const PATCH = withOrg({ params: ZParams, body: ZCampaignPatch }, async ({ orgId, params, body }) =>
  Response.json(await updateCampaign({ orgId, id: params.id, patch: body })),
);

export const DELETE = withOrg({ params: ZParams, role: "admin" }, async ({ orgId, params }) => {
  await deleteCampaign({ orgId, id: params.id });
  return new Response(null, { status: 204 });
});
