// The cap on projects per organization (docs/security.md "Storage quotas"): each project may hold a source of up to
// the per-source limits, so an unbounded number of them would be an unbounded disk. Counted under the organization's
// lock inside the transaction that creates the project, so two creations at once cannot both take the last place.
import type { Tx } from "@/lib/db/client";
import { AppError } from "@/lib/http/errors";
import { getResourceAllowance } from "@/lib/organizations/get-resource-allowance";
import { UPGRADE_PATH } from "@/lib/billing/assert-cloud-allowance";

export async function assertProjectRoom(tx: Tx, { orgId }: { orgId: number }): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`organization-projects:${orgId}`}))`;
  const [count, allowance] = await Promise.all([tx.project.count({ where: { organizationId: orgId } }), getResourceAllowance({ orgId })]);
  if (count < allowance.maxProjects) return;
  const cap = `This organization has ${count.toLocaleString("en-US")} projects, the most it may have`;
  if (allowance.plan) {
    throw new AppError("plan_limit", `${cap} on the ${allowance.plan.label} plan. Delete a project you no longer need, or move to a larger plan in Settings > Plan and usage.`, {
      upgradeUrl: UPGRADE_PATH,
      maxProjects: allowance.maxProjects,
    });
  }
  throw new AppError("conflict", `${cap}. Delete a project you no longer need.`, { maxProjects: allowance.maxProjects });
}
