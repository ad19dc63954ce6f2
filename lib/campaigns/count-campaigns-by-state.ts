// How many campaigns an organization has in each state (Home), in one grouped query.
import { db } from "@/lib/db/client";
import { CAMPAIGN_STATES, type CampaignStateCounts } from "@/lib/campaigns/campaign-state";

export async function countCampaignsByState({ orgId }: { orgId: number }): Promise<CampaignStateCounts> {
  const groups = await db.campaign.groupBy({ by: ["state"], where: { organizationId: orgId }, _count: { _all: true } });
  const counts = Object.fromEntries(CAMPAIGN_STATES.map((s) => [s, 0])) as CampaignStateCounts;
  for (const g of groups) counts[g.state] = g._count._all;
  return counts;
}
