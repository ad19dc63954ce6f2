// Generate profile, Profile Regenerate (apply mode) and the Tuning tab (preview mode) all start the
// campaign-skill-generator here. One generation per campaign at a time; the current config is recorded as
// params.previousConfig so the diff compares against what the campaign had when the run began.
import type { Prisma } from "@/lib/generated/prisma/client";
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/http/errors";
import { assertRunnerAvailable } from "@/lib/runners/assert-runner-available";
import { offeredRunnerOr } from "@/lib/runners/runner-policy";
import { startRun, type StartedRun } from "@/lib/runs/start-run";
import { SKILL_GENERATION_KIND, SKILL_GENERATOR_PLAYBOOK, type GenerationMode } from "@/lib/skill-generation/schemas";

export async function startSkillGeneration(
  { orgId, campaignId, mode, trigger = "manual" }: { orgId: number; campaignId: number; mode: GenerationMode; trigger?: string },
): Promise<StartedRun> {
  const campaign = await db.campaign.findFirst({ where: { id: campaignId, organizationId: orgId }, select: { id: true, projectId: true, runner: true, config: true } });
  if (!campaign) throw notFound("Campaign");
  const live = await db.run.findFirst({ where: { organizationId: orgId, campaignId, kind: SKILL_GENERATION_KIND, status: "running" }, select: { id: true } });
  if (live) return { runId: live.id, alreadyRunning: true, done: null };
  // A campaign that still names a runner this edition does not offer has its profile written on the cloud runner.
  const runner = offeredRunnerOr(campaign.runner);
  await assertRunnerAvailable(runner, { orgId });
  return startRun({
    orgId,
    kind: SKILL_GENERATION_KIND,
    runner,
    playbookSlug: SKILL_GENERATOR_PLAYBOOK,
    campaignId,
    projectId: campaign.projectId,
    trigger,
    params: { mode, previousConfig: (campaign.config ?? {}) as Prisma.InputJsonObject },
    exclusive: { kind: SKILL_GENERATION_KIND, campaignId },
  });
}
