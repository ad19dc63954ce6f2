// One skill-generation run of a campaign with both configs, for the diff.
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/http/errors";
import { SKILL_GENERATION_KIND, type SkillRunParams } from "@/lib/skill-generation/schemas";
import { tuningOutcome } from "@/lib/skill-generation/list-tuning-runs";

export async function getTuningRun({ orgId, campaignId, runId }: { orgId: number; campaignId: number; runId: number }) {
  const run = await db.run.findFirst({
    where: { id: runId, organizationId: orgId, campaignId, kind: SKILL_GENERATION_KIND },
    select: { id: true, status: true, failureReason: true, startedAt: true, finishedAt: true, params: true },
  });
  if (!run) throw notFound("Tuning run");
  const p = (run.params ?? {}) as SkillRunParams;
  const { params: _params, ...rest } = run;
  void _params;
  return {
    ...rest,
    mode: p.mode ?? "apply",
    outcome: tuningOutcome(run.status, p),
    previousConfig: p.previousConfig ?? null,
    generatedConfig: p.generatedConfig ?? null,
    rationale: p.rationale ?? [],
  };
}
