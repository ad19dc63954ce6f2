import { db } from "@/lib/db/client";
import { campaignSelect, toCampaignView } from "@/lib/campaigns/schemas";

export async function listCampaigns({ orgId, projectId }: { orgId: number; projectId?: number }) {
  const rows = await db.campaign.findMany({
    where: { organizationId: orgId, ...(projectId ? { projectId } : {}) },
    orderBy: { createdAt: "desc" },
    select: campaignSelect,
  });
  return rows.map(toCampaignView);
}
