// Which runner a background run uses. Runs tied to a campaign use the campaign's runner (SPEC 1.3: the campaign
// snapshots it). Project-level runs (extraction, insights) use the runner of the project's newest campaign, so a
// project follows the choice its owner already made; a project with no campaign takes the first local runner
// installed here, else `cloud`. Only runners this edition offers are used (lib/runners/runner-policy.ts): in the
// cloud edition a campaign that still names a local runner has its background runs on `cloud`, and no local runner
// is ever picked for a project.
import { db } from "@/lib/db/client";
import { detectRunners } from "@/lib/runners/detect-runners";
import { CLOUD_RUNNER } from "@/lib/runners/backends";
import { isRunnerOffered, localRunnersAllowed, offeredRunnerOr } from "@/lib/runners/runner-policy";
import { assertCloudAllowance } from "@/lib/billing/assert-cloud-allowance";
import { AppError } from "@/lib/http/errors";

export async function resolveRunner({ orgId, campaignId, projectId }: { orgId: number; campaignId?: number | null; projectId?: number | null }): Promise<string> {
  if (campaignId) {
    const c = await db.campaign.findFirst({ where: { id: campaignId, organizationId: orgId }, select: { runner: true } });
    if (c) return offeredRunnerOr(c.runner);
  }
  if (projectId) {
    const c = await db.campaign.findFirst({ where: { projectId, organizationId: orgId }, orderBy: { id: "desc" }, select: { runner: true } });
    if (c) return offeredRunnerOr(c.runner);
  }
  if (!localRunnersAllowed()) return CLOUD_RUNNER.slug;
  const installed = (await detectRunners()).find((r) => r.available && r.slug !== CLOUD_RUNNER.slug);
  return installed?.slug ?? CLOUD_RUNNER.slug;
}

export type RunnableRunner =
  | { runner: string; preferred: string; problem: null }
  | { runner: null; preferred: string; problem: string };

/**
 * A runner that can run now, for a background run nobody is waiting on (reply drafting, SPEC "Reply drafting"):
 * resolveRunner's choice (the campaign's runner, or the project's) when it is available; else the first available
 * runner this edition offers (cloud first, then the installed local ones, in Settings' order); else none, with the
 * preferred runner's problem in words, so the caller can say what to do instead of starting a run that cannot start.
 * "Available" is the detection's answer (lib/runners/detect-runners.ts) and, for the cloud runner, minutes left on
 * the organization's plan.
 */
export async function resolveRunnableRunner(scope: { orgId: number; campaignId?: number | null; projectId?: number | null }): Promise<RunnableRunner> {
  const preferred = await resolveRunner(scope);
  const statuses = await detectRunners();
  const problemOf = async (slug: string): Promise<string | null> => {
    const status = statuses.find((r) => r.slug === slug);
    if (!status?.available) return status?.reason ?? `The runner "${slug}" is not known here`;
    if (slug !== CLOUD_RUNNER.slug) return null;
    try {
      await assertCloudAllowance({ orgId: scope.orgId });
      return null;
    } catch (err) {
      if (err instanceof AppError) return err.message;
      throw err;
    }
  };
  const problem = await problemOf(preferred);
  if (problem === null) return { runner: preferred, preferred, problem: null };
  for (const other of statuses) {
    if (other.slug === preferred || !other.available || !isRunnerOffered(other.slug)) continue;
    if ((await problemOf(other.slug)) === null) return { runner: other.slug, preferred, problem: null };
  }
  return { runner: null, preferred, problem };
}
