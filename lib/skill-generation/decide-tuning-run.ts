// Adopt and Discard of a preview run (SPEC "Campaign tuning"). A run is decided once: adopting copies its
// generatedConfig into campaigns.config and turns a `draft` campaign `active`; discarding only marks the run. Both
// lock the run row so a double click cannot adopt and discard the same run.
import { db, type Tx } from "@/lib/db/client";
import { AppError, notFound } from "@/lib/http/errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import { SKILL_GENERATION_KIND, type SkillRunParams } from "@/lib/skill-generation/schemas";
import { getTuningRun } from "@/lib/skill-generation/get-tuning-run";
import { withFollowupsOf } from "@/lib/followups/followup-steps";
import { firstSlot } from "@/lib/campaigns/campaign-schedule";

type Decision = "adopt" | "discard";

export async function decideTuningRun({ orgId, campaignId, runId, decision }: { orgId: number; campaignId: number; runId: number; decision: Decision }) {
  await db.$transaction(async (tx) => {
    const params = await lockDecidable(tx, { orgId, campaignId, runId });
    if (decision === "adopt") {
      const current = await tx.campaign.findFirst({ where: { id: campaignId, organizationId: orgId }, select: { config: true } });
      const config = withFollowupsOf(current?.config, (params.generatedConfig ?? {}) as Record<string, unknown>) as Prisma.InputJsonObject;
      await tx.campaign.updateMany({ where: { id: campaignId, organizationId: orgId }, data: { config } });
      const campaign = await tx.campaign.findFirst({ where: { id: campaignId, organizationId: orgId }, select: { state: true, cron: true } });
      if (campaign?.state === "draft") {
        // Its schedule starts now: no catch-up run for slots that passed while it was a draft.
        await tx.campaign.updateMany({ where: { id: campaignId, organizationId: orgId, state: "draft" }, data: { state: "active", nextRunAt: firstSlot(campaign.cron) } });
      }
    }
    const mark = JSON.stringify(decision === "adopt" ? { adopted: true } : { discarded: true });
    await tx.$executeRaw`UPDATE runs SET params = params || ${mark}::jsonb WHERE id = ${runId} AND organization_id = ${orgId}`;
  });
  const [run, campaign] = await Promise.all([
    getTuningRun({ orgId, campaignId, runId }),
    db.campaign.findFirstOrThrow({ where: { id: campaignId, organizationId: orgId }, select: { id: true, state: true, config: true } }),
  ]);
  return { run, campaign };
}

async function lockDecidable(tx: Tx, { orgId, campaignId, runId }: { orgId: number; campaignId: number; runId: number }): Promise<SkillRunParams> {
  const rows = await tx.$queryRaw<Array<{ status: string; params: SkillRunParams }>>`
    SELECT status::text AS status, params FROM runs
    WHERE id = ${runId} AND organization_id = ${orgId} AND campaign_id = ${campaignId} AND kind = ${SKILL_GENERATION_KIND}
    FOR UPDATE`;
  const run = rows[0];
  if (!run) throw notFound("Tuning run");
  const p = run.params ?? {};
  if (p.mode !== "preview") throw new AppError("conflict", "This run wrote the profile directly; there is nothing to adopt or discard");
  if (run.status !== "success" || p.generatedConfig === undefined) throw new AppError("conflict", "This run has no generated profile to decide on");
  if (p.adopted) throw new AppError("conflict", "This profile was already adopted");
  if (p.discarded) throw new AppError("conflict", "This profile was already discarded");
  return p;
}
