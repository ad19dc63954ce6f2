import { db } from "@/lib/db/client";
import { notFound } from "@/lib/http/errors";
import { campaignSelect, toCampaignView } from "@/lib/campaigns/schemas";

export async function getCampaignOrThrow({ orgId, id }: { orgId: number; id: number }) {
  const row = await db.campaign.findFirst({ where: { id, organizationId: orgId }, select: campaignSelect });
  if (!row) throw notFound("Campaign");
  return toCampaignView(row);
}
