// Deleting a campaign keeps its drafts and runs (their campaign link is cleared) so history survives.
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/http/errors";

export async function deleteCampaign({ orgId, id }: { orgId: number; id: number }) {
  const { count } = await db.campaign.deleteMany({ where: { id, organizationId: orgId } });
  if (count === 0) throw notFound("Campaign");
}
