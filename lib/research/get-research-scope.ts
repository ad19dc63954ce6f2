// What a research call works within: the run (staging goes on it), its campaign (platform, profile defaults) and
// project (whose blocklist applies). From the CLI a call may have no run; then only a project, or nothing, scopes it.
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/http/errors";

export interface ResearchScope {
  orgId: number;
  runId: number | null;
  projectId: number | null;
  campaign: { id: number; platform: string; config: Record<string, unknown>; autoPost: boolean } | null;
}

export async function getResearchScope({ orgId, runId, projectId }: { orgId: number; runId?: number | null; projectId?: number | null }): Promise<ResearchScope> {
  if (!runId) {
    if (projectId) {
      const project = await db.project.findFirst({ where: { id: projectId, organizationId: orgId }, select: { id: true } });
      if (!project) throw notFound("Project");
    }
    return { orgId, runId: null, projectId: projectId ?? null, campaign: null };
  }
  const run = await db.run.findFirst({ where: { id: runId, organizationId: orgId }, select: { id: true, campaignId: true, projectId: true } });
  if (!run) throw notFound("Run");
  const campaign = run.campaignId
    ? await db.campaign.findFirst({
        where: { id: run.campaignId, organizationId: orgId },
        select: { id: true, platform: true, config: true, autoPost: true, projectId: true },
      })
    : null;
  return {
    orgId,
    runId: run.id,
    projectId: campaign?.projectId ?? run.projectId,
    campaign: campaign && {
      id: campaign.id,
      platform: campaign.platform,
      config: isRecord(campaign.config) ? campaign.config : {},
      autoPost: campaign.autoPost,
    },
  };
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** The string items of a profile list (`communities`, `hashtags`), ignoring anything else a hand-edited profile holds. */
export function profileList(config: Record<string, unknown> | undefined, key: string): string[] {
  const value = config?.[key];
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string" && v.trim() !== "") : [];
}
