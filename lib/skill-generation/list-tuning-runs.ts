// The Tuning tab's history: the last 20 skill-generation runs of a campaign with what became of each (SPEC
// "Campaign tuning"). Configs are left out; `hasGeneratedConfig` says whether View diff can restore one.
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/http/errors";
import { SKILL_GENERATION_KIND, type SkillRunParams } from "@/lib/skill-generation/schemas";

export const TUNING_HISTORY_LIMIT = 20;

export type TuningOutcome = "adopted" | "discarded" | "applied" | "awaiting_decision" | null;

export async function listTuningRuns({ orgId, campaignId }: { orgId: number; campaignId: number }) {
  const campaign = await db.campaign.findFirst({ where: { id: campaignId, organizationId: orgId }, select: { id: true } });
  if (!campaign) throw notFound("Campaign");
  const rows = await db.run.findMany({
    where: { organizationId: orgId, campaignId, kind: SKILL_GENERATION_KIND },
    orderBy: { id: "desc" },
    take: TUNING_HISTORY_LIMIT,
    select: { id: true, status: true, trigger: true, failureReason: true, startedAt: true, finishedAt: true, params: true },
  });
  return rows.map(({ params, ...run }) => {
    const p = (params ?? {}) as SkillRunParams;
    return { ...run, mode: p.mode ?? "apply", outcome: tuningOutcome(run.status, p), hasGeneratedConfig: p.generatedConfig !== undefined };
  });
}

export function tuningOutcome(status: string, p: SkillRunParams): TuningOutcome {
  if (p.adopted) return "adopted";
  if (p.discarded) return "discarded";
  if (p.applied) return "applied";
  if (status === "success" && p.generatedConfig !== undefined && p.mode === "preview") return "awaiting_decision";
  return null;
}
