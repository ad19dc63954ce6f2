import { db } from "@/lib/db/client";
import type { AppConfigPatch } from "@/lib/config/schemas";
import { getAppConfig } from "@/lib/config/get-app-config";

export async function updateAppConfig({ orgId, patch }: { orgId: number; patch: AppConfigPatch }) {
  const data = {
    ...(patch.dedup_policy && { dedupPolicy: patch.dedup_policy }),
    ...(patch.quality_rubric && { qualityRubric: patch.quality_rubric }),
  };
  await db.appConfig.upsert({ where: { organizationId: orgId }, update: data, create: { organizationId: orgId, ...data } });
  return getAppConfig({ orgId });
}
