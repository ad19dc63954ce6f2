import { AppError } from "@/lib/http/errors";
import { detectRunners } from "@/lib/runners/detect-runners";
import { CLOUD_RUNNER } from "@/lib/runners/backends";
import { assertRunnerOffered } from "@/lib/runners/runner-policy";
import { assertCloudAllowance } from "@/lib/billing/assert-cloud-allowance";

/**
 * 422 `runner_unavailable` with the detection's reason, for anything a person starts from the UI or the CLI; a runner
 * this edition does not offer (a local one in the cloud edition) is refused the same way before anything is probed;
 * a cloud run of an organization whose plan's minutes are spent is refused with 402 `plan_limit` (lib/billing).
 */
export async function assertRunnerAvailable(slug: string, { orgId }: { orgId: number }): Promise<void> {
  assertRunnerOffered(slug);
  const runner = (await detectRunners()).find((r) => r.slug === slug);
  if (!runner?.available) {
    throw new AppError("runner_unavailable", runner?.reason ?? `The runner "${slug}" is not known here`, { runner: slug });
  }
  if (slug === CLOUD_RUNNER.slug) await assertCloudAllowance({ orgId });
}
