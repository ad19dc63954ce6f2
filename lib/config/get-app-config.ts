import { db } from "@/lib/db/client";
import {
  DEFAULT_DEDUP_POLICY, DEFAULT_QUALITY_RUBRIC, ZDedupPolicy, ZQualityRubric, type DedupPolicy, type QualityRubric,
} from "@/lib/config/schemas";

export interface AppConfigView {
  dedup_policy: DedupPolicy;
  quality_rubric: QualityRubric;
  runner_configs: Record<string, unknown>;
}

/** The organization's settings, with the spec's defaults for anything never saved (or saved in an old shape). */
export async function getAppConfig({ orgId }: { orgId: number }): Promise<AppConfigView> {
  const row = await db.appConfig.findUnique({ where: { organizationId: orgId } });
  const dedup = ZDedupPolicy.safeParse(row?.dedupPolicy);
  const rubric = ZQualityRubric.safeParse(row?.qualityRubric);
  return {
    dedup_policy: dedup.success ? dedup.data : DEFAULT_DEDUP_POLICY,
    quality_rubric: rubric.success ? rubric.data : DEFAULT_QUALITY_RUBRIC,
    runner_configs: (row?.runnerConfigs as Record<string, unknown> | null) ?? {},
  };
}
