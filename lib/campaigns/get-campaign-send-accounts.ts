// A campaign's sending accounts as its page and GET /api/campaigns/[id]/send-accounts show them: each account's room
// today under its sending limits and its health (the same words as the project's Accounts tab: its credentials as the
// platform last judged them, and removals found by the removal checks), and the project's other accounts on the
// campaign's platform that could be added.
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/http/errors";
import { accountSelect, toAccountView } from "@/lib/accounts/schemas";
import { getSendingStatuses } from "@/lib/sending/sending-status";
import { describeAccountHealth, getAccountHealth } from "@/lib/removal-checks/get-account-health";

export async function getCampaignSendAccounts({ orgId, campaignId, now = new Date() }: { orgId: number; campaignId: number; now?: Date }) {
  const campaign = await db.campaign.findFirst({ where: { id: campaignId, organizationId: orgId }, select: { id: true, projectId: true, platform: true } });
  if (!campaign) throw notFound("Campaign");
  const [chosen, projectAccounts] = await Promise.all([
    db.campaignSendAccount.findMany({ where: { organizationId: orgId, campaignId }, select: { accountId: true } }),
    db.account.findMany({
      where: { organizationId: orgId, projectId: campaign.projectId, platform: campaign.platform },
      orderBy: [{ isDefault: "desc" }, { createdAt: "asc" }],
      select: accountSelect,
    }),
  ]);
  const chosenIds = new Set(chosen.map((c) => c.accountId));
  const selected = projectAccounts.filter((a) => chosenIds.has(a.id)).map(toAccountView);
  const [statuses, health] = await Promise.all([
    getSendingStatuses({ orgId, accountIds: selected.map((a) => a.id), now }),
    selected.length > 0 ? getAccountHealth({ orgId, projectId: campaign.projectId, now }) : Promise.resolve([]),
  ]);
  const healthOf = new Map(health.map((h) => [h.accountId, h]));

  return {
    campaignId: campaign.id,
    platform: campaign.platform,
    accounts: selected.map((a) => {
      const s = statuses.get(a.id)!;
      const h = healthOf.get(a.id);
      return {
        id: a.id,
        handle: a.platformId,
        displayName: a.displayName,
        sending: {
          sentLast24h: s.sentLast24h,
          dayCap: s.dayCap,
          /** Sends left in the rolling 24 hours: what the spread compares. */
          roomToday: Math.max(0, s.dayCap - s.sentLast24h),
          sentLastHour: s.sentLastHour,
          hourlyCap: s.policy.hourlyCap,
          warmingUp: s.warmingUp,
          nextSendAllowedAt: s.nextSendAllowedAt,
          words: s.words,
        },
        health: {
          credentials: a.state,
          lastUsedAt: a.lastUsedAt?.toISOString() ?? null,
          lastFailedAt: a.lastFailedAt?.toISOString() ?? null,
          lastFailureReason: a.lastFailureReason,
          checkedPosts: h?.checked ?? 0,
          removedPosts: h?.lost ?? 0,
          words: h ? describeAccountHealth(h) : null,
        },
      };
    }),
    available: projectAccounts.filter((a) => !chosenIds.has(a.id)).map((a) => ({ id: a.id, handle: a.platformId, displayName: a.displayName })),
  };
}
export type CampaignSendAccounts = Awaited<ReturnType<typeof getCampaignSendAccounts>>;
