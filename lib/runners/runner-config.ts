// Per-runner settings, stored at app_config.runner_configs.<slug> and validated by the backend's own schema.
import { z } from "zod";
import { db } from "@/lib/db/client";
import { CLOUD_RUNNER, findLocalBackend, ZRunnerSlug } from "@/lib/runners/backends";
import { getAppConfig } from "@/lib/config/get-app-config";

export const ZRunnerConfigPut = z
  .object({
    slug: ZRunnerSlug,
    config: z.record(z.string(), z.unknown()),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.slug !== "cloud" && !findLocalBackend(v.slug)) return;
    const schema = v.slug === "cloud" ? CLOUD_RUNNER.configSchema : findLocalBackend(v.slug)!.configSchema;
    const parsed = schema.safeParse(v.config);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) ctx.addIssue({ code: "custom", path: ["config", ...issue.path.map(String)], message: issue.message });
    }
  });

export async function getRunnerConfigs({ orgId }: { orgId: number }) {
  return { runner_configs: (await getAppConfig({ orgId })).runner_configs };
}

export async function putRunnerConfig({ orgId, slug, config }: { orgId: number; slug: string; config: Record<string, unknown> }) {
  const current = (await getAppConfig({ orgId })).runner_configs;
  const next = { ...current, [slug]: config };
  await db.appConfig.upsert({
    where: { organizationId: orgId },
    update: { runnerConfigs: next as object },
    create: { organizationId: orgId, runnerConfigs: next as object },
  });
  return { runner_configs: next };
}
