// Stores a campaign's inbox quality filter default (the Tuning tab's Apply). One UPDATE scoped to the organization.
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/http/errors";

export async function setInboxMinQuality({ orgId, campaignId, minQuality }: { orgId: number; campaignId: number; minQuality: number | null }) {
  const { count } = await db.campaign.updateMany({ where: { id: campaignId, organizationId: orgId }, data: { inboxMinQuality: minQuality } });
  if (count === 0) throw notFound("Campaign");
  return { campaignId, inboxMinQuality: minQuality };
}
