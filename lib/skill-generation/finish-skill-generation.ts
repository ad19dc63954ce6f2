// `skill_generate_finish`: the generated profile is validated against the skill's schema, then, in one transaction
// with the run's success, either kept on the run for review (preview: params.generatedConfig, campaigns.config
// untouched) or written to the campaign (apply).
import { withFollowupsOf } from "@/lib/followups/followup-steps";
import type { Prisma } from "@/lib/generated/prisma/client";
import { db } from "@/lib/db/client";
import { AppError, notFound } from "@/lib/http/errors";
import { commitRunTerminal } from "@/lib/runs/commit-run-terminal";
import type { Platform } from "@/lib/campaigns/catalog";
import { campaignProfileSchema } from "@/lib/skill-generation/profile-schema";
import type { ProfileRationale, SkillRunParams } from "@/lib/skill-generation/schemas";

export async function finishSkillGeneration(
  { orgId, runId, campaignId, config, rationale = [] }: { orgId: number; runId: number; campaignId: number | null; config: unknown; rationale?: ProfileRationale[] },
) {
  const [run, campaign] = await Promise.all([
    db.run.findFirst({ where: { id: runId, organizationId: orgId }, select: { params: true } }),
    campaignId ? db.campaign.findFirst({ where: { id: campaignId, organizationId: orgId }, select: { id: true, platform: true } }) : null,
  ]);
  if (!run || !campaign) throw notFound("Campaign");
  const parsed = campaignProfileSchema(campaign.platform as Platform).safeParse(config);
  if (!parsed.success) {
    const reasons = parsed.error.issues.slice(0, 10).map((i) => `${i.path.join(".") || "config"}: ${i.message}`);
    throw new AppError("bad_request", `The profile does not match the skill's schema (see profileSchema): ${reasons.join("; ")}`);
  }
  const generatedConfig = parsed.data as Prisma.InputJsonObject;
  // A rationale may only point at this campaign's drafts: the preview links to them.
  const named = [...new Set(rationale.flatMap((r) => r.draftIds))];
  if (named.length > 0) {
    const found = await db.draft.findMany({ where: { id: { in: named }, organizationId: orgId, campaignId: campaign.id }, select: { id: true } });
    const known = new Set(found.map((d) => d.id));
    const unknown = named.filter((id) => !known.has(id));
    if (unknown.length > 0) {
      throw new AppError("bad_request", `rationale names drafts that are not this campaign's: ${unknown.join(", ")}. Use draftId values from skill_review_history.`);
    }
  }
  const mode = ((run.params ?? {}) as SkillRunParams).mode ?? "apply";

  return db.$transaction(async (tx) => {
    if (mode === "apply") {
      const current = await tx.campaign.findFirst({ where: { id: campaign.id, organizationId: orgId }, select: { config: true } });
      const config = withFollowupsOf(current?.config, generatedConfig) as Prisma.InputJsonObject;
      await tx.campaign.updateMany({ where: { id: campaign.id, organizationId: orgId }, data: { config } });
    }
    const committed = await commitRunTerminal(tx, {
      orgId,
      runId,
      status: "success",
      params: { generatedConfig, ...(rationale.length > 0 ? { rationale: rationale as unknown as Prisma.InputJsonArray } : {}), ...(mode === "apply" ? { applied: true } : {}) },
    });
    if (!committed) throw new AppError("conflict", `Run ${runId} has already finished`);
    return { mode, applied: mode === "apply" };
  });
}
