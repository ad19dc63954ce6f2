// PUT /api/campaigns/[id]/send-accounts: the accounts a campaign sends from. Each must be an account of the campaign's
// own project on its platform; another organization's or project's account is refused with the same 404 as a missing
// one. The list replaces the old one in one transaction; [] turns the spread off (drafts then name their account).
import { db } from "@/lib/db/client";
import { AppError, notFound } from "@/lib/http/errors";
import { getCampaignSendAccounts } from "@/lib/campaigns/get-campaign-send-accounts";

export async function setCampaignSendAccounts({ orgId, campaignId, accountIds }: { orgId: number; campaignId: number; accountIds: number[] }) {
  await db.$transaction(async (tx) => {
    const campaign = await tx.campaign.findFirst({ where: { id: campaignId, organizationId: orgId }, select: { id: true, projectId: true, platform: true } });
    if (!campaign) throw notFound("Campaign");
    const found = await tx.account.findMany({
      where: { organizationId: orgId, projectId: campaign.projectId, id: { in: accountIds } },
      select: { id: true, platform: true, platformId: true },
    });
    const missing = accountIds.filter((id) => !found.some((a) => a.id === id));
    if (missing.length > 0) throw notFound(`Account ${missing[0]} of the campaign's project`);
    const other = found.find((a) => a.platform !== campaign.platform);
    if (other) {
      throw new AppError("unprocessable", `${other.platformId} is a ${other.platform} account; the campaign sends on ${campaign.platform}`, { accountId: other.id });
    }
    await tx.campaignSendAccount.deleteMany({ where: { organizationId: orgId, campaignId } });
    if (accountIds.length > 0) {
      await tx.campaignSendAccount.createMany({ data: accountIds.map((accountId) => ({ organizationId: orgId, campaignId, accountId })) });
    }
  });
  return getCampaignSendAccounts({ orgId, campaignId });
}
