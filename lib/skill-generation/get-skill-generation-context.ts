// What `skill_generate_start` hands the campaign-skill-generator: the campaign and its current profile, the
// project (its description is the best source of the offer), the accounts and templates for voice, the mode, and
// the JSON Schema the generated profile must match.
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/http/errors";
import type { Platform } from "@/lib/campaigns/catalog";
import { campaignProfileJsonSchema } from "@/lib/skill-generation/profile-schema";
import type { SkillRunParams } from "@/lib/skill-generation/schemas";

export async function getSkillGenerationContext({ orgId, runId, campaignId }: { orgId: number; runId: number; campaignId: number | null }) {
  const run = await db.run.findFirst({ where: { id: runId, organizationId: orgId }, select: { params: true } });
  const campaign = campaignId
    ? await db.campaign.findFirst({
        where: { id: campaignId, organizationId: orgId },
        select: { id: true, name: true, platform: true, skill: true, state: true, config: true, autoPost: true, projectId: true },
      })
    : null;
  if (!run || !campaign) throw notFound("Campaign");
  const [project, accounts, templates] = await Promise.all([
    db.project.findFirst({ where: { id: campaign.projectId, organizationId: orgId }, select: { id: true, name: true, description: true } }),
    db.account.findMany({
      where: { organizationId: orgId, projectId: campaign.projectId, platform: campaign.platform },
      orderBy: [{ isDefault: "desc" }, { id: "asc" }],
      select: { id: true, platformId: true, displayName: true, isDefault: true },
    }),
    db.template.findMany({
      where: { organizationId: orgId, projectId: campaign.projectId, isActive: true },
      orderBy: { createdAt: "desc" },
      take: 20,
      select: { id: true, kind: true, title: true, body: true },
    }),
  ]);
  const params = (run.params ?? {}) as SkillRunParams;
  return {
    mode: params.mode ?? "apply",
    campaign: { ...campaign, config: (campaign.config ?? {}) as Record<string, unknown> },
    project,
    accounts,
    templates,
    profileSchema: campaignProfileJsonSchema(campaign.platform as Platform),
  };
}
