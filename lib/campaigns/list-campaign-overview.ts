// The Campaigns list: each campaign with its last run's result and the drafts it has waiting for review. Three
// queries whatever the number of campaigns (the campaigns, the newest run of each, the waiting drafts grouped),
// never one per row.
import { db } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { campaignSelect, toCampaignView } from "@/lib/campaigns/schemas";
import { campaignWhere, type CampaignFilters } from "@/lib/campaigns/list-campaigns";

export interface CampaignLastRun {
  id: number;
  status: "running" | "success" | "failed";
  failureReason: string | null;
  startedAt: Date;
  finishedAt: Date | null;
}

export async function listCampaignOverview({ orgId, ...filters }: { orgId: number } & CampaignFilters) {
  const rows = await db.campaign.findMany({ where: campaignWhere(orgId, filters), orderBy: { createdAt: "desc" }, select: campaignSelect });
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return [];
  const [lastRuns, waiting] = await Promise.all([
    // The newest campaign run of each campaign (the index on (organization_id, campaign_id, created_at) serves it).
    db.$queryRaw<Array<CampaignLastRun & { campaignId: number }>>(Prisma.sql`
      SELECT DISTINCT ON (campaign_id) campaign_id AS "campaignId", id, status::text AS status,
             failure_reason AS "failureReason", started_at AS "startedAt", finished_at AS "finishedAt"
        FROM runs
       WHERE organization_id = ${orgId} AND campaign_id IN (${Prisma.join(ids)}) AND kind = 'campaign'
       ORDER BY campaign_id, created_at DESC, id DESC`),
    db.draft.groupBy({
      by: ["campaignId"],
      where: { organizationId: orgId, state: "pending_review", campaignId: { in: ids } },
      _count: { _all: true },
    }),
  ]);
  const lastRunOf = new Map(lastRuns.map(({ campaignId, ...run }) => [campaignId, run]));
  const waitingOf = new Map(waiting.map((w) => [w.campaignId, w._count._all]));
  return rows.map((row) => ({
    ...toCampaignView(row),
    lastRun: lastRunOf.get(row.id) ?? null,
    draftsAwaitingReview: waitingOf.get(row.id) ?? 0,
  }));
}

export type CampaignOverviewRow = Awaited<ReturnType<typeof listCampaignOverview>>[number];
