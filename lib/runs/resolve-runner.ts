// Which runner a background run uses. Runs tied to a campaign use the campaign's runner (SPEC 1.3: the campaign
// snapshots it). Project-level runs (extraction, insights) use the runner of the project's newest campaign, so a
// project follows the choice its owner already made; a project with no campaign takes the first local runner
// installed here, else `cloud`.
import { db } from "@/lib/db/client";
import { detectRunners } from "@/lib/runners/detect-runners";

export async function resolveRunner({ orgId, campaignId, projectId }: { orgId: number; campaignId?: number | null; projectId?: number | null }): Promise<string> {
  if (campaignId) {
    const c = await db.campaign.findFirst({ where: { id: campaignId, organizationId: orgId }, select: { runner: true } });
    if (c) return c.runner;
  }
  if (projectId) {
    const c = await db.campaign.findFirst({ where: { projectId, organizationId: orgId }, orderBy: { id: "desc" }, select: { runner: true } });
    if (c) return c.runner;
  }
  const installed = (await detectRunners()).find((r) => r.available && r.slug !== "cloud");
  return installed?.slug ?? "cloud";
}
