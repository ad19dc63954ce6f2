// Refuses a cloud run when billing is on and the organization has used its Free minutes with no paid plan. Local
// runners are never limited, and nothing is limited while billing is off.
import { AppError } from "@/lib/http/errors";
import { billingSettings } from "@/lib/billing/billing-settings";
import { getCloudAllowance } from "@/lib/billing/get-cloud-allowance";
import { localRunnersAllowed } from "@/lib/runners/runner-policy";

export const UPGRADE_PATH = "/settings/billing";

export async function assertCloudAllowance({ orgId }: { orgId: number }): Promise<void> {
  if (!billingSettings()) return;
  const a = await getCloudAllowance({ orgId });
  if (!a.exhausted) return;
  throw new AppError(
    "plan_limit",
    `This organization has used the ${a.plan.includedMinutes} cloud-runner minutes its ${a.plan.label} plan includes this month. Upgrade to Pro in Settings > Plan and usage${localRunnersAllowed() ? ", or choose a local runner" : ""}.`,
    { upgradeUrl: UPGRADE_PATH, usedMinutes: Math.floor(a.usedSeconds / 60), includedMinutes: a.plan.includedMinutes },
  );
}
