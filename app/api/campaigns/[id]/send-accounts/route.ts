// GET /api/campaigns/[id]/send-accounts - the accounts the campaign sends from, each with its room today and health;
// PUT {accountIds} - set them ([] turns the spread off) (session or API key)
import { z } from "zod";
import { withOrg } from "@/lib/http/with-org";
import { ZId } from "@/lib/http/fields";
import { ZSendAccountsBody } from "@/lib/campaigns/send-accounts-schemas";
import { getCampaignSendAccounts } from "@/lib/campaigns/get-campaign-send-accounts";
import { setCampaignSendAccounts } from "@/lib/campaigns/set-campaign-send-accounts";

const ZParams = z.object({ id: ZId });

export const GET = withOrg({ params: ZParams }, async ({ orgId, params }) =>
  Response.json(await getCampaignSendAccounts({ orgId, campaignId: params.id })),
);

export const PUT = withOrg({ params: ZParams, body: ZSendAccountsBody }, async ({ orgId, params, body }) =>
  Response.json(await setCampaignSendAccounts({ orgId, campaignId: params.id, accountIds: body.accountIds })),
);
