import { db } from "@/lib/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { Platform } from "@/lib/campaigns/catalog";
import type { CampaignStateValue } from "@/lib/campaigns/campaign-state";
import { campaignSelect, toCampaignView } from "@/lib/campaigns/schemas";

export interface CampaignFilters {
  projectId?: number;
  state?: CampaignStateValue;
  platform?: Platform;
  /** Part of the name, any case. */
  q?: string;
}

export function campaignWhere(orgId: number, { projectId, state, platform, q }: CampaignFilters): Prisma.CampaignWhereInput {
  return {
    organizationId: orgId,
    ...(projectId ? { projectId } : {}),
    ...(state ? { state } : {}),
    ...(platform ? { platform } : {}),
    // Prisma passes `contains` into LIKE as is: % and _ typed in the search are letters here, not wildcards.
    ...(q ? { name: { contains: q.replace(/[\\%_]/g, "\\$&"), mode: "insensitive" } } : {}),
  };
}

export async function listCampaigns({ orgId, ...filters }: { orgId: number } & CampaignFilters) {
  const rows = await db.campaign.findMany({
    where: campaignWhere(orgId, filters),
    orderBy: { createdAt: "desc" },
    select: campaignSelect,
  });
  return rows.map(toCampaignView);
}
