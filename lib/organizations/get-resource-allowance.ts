// What one organization may hold: how much of handed-over sources (uploaded archives, cloned repositories) and how
// many projects (docs/security.md "Storage quotas"). In the cloud edition with billing on, the plan says; otherwise the
// operator's settings do (OUTREACH_SOURCE_QUOTA_MB, OUTREACH_MAX_PROJECTS), the same for every organization.
import { db } from "@/lib/db/client";
import { readEnv } from "@/lib/env";
import { billingSettings } from "@/lib/billing/billing-settings";
import { hasPaidPlan } from "@/lib/billing/billing-period";
import { planOf, type Plan } from "@/lib/billing/plans";

const MB = 1024 * 1024;

export interface ResourceAllowance {
  quotaBytes: number;
  maxProjects: number;
  /** The plan the figures come from; null where the operator's settings apply. */
  plan: Plan | null;
}

export async function getResourceAllowance({ orgId }: { orgId: number }): Promise<ResourceAllowance> {
  if (billingSettings()) {
    const org = await db.organization.findUniqueOrThrow({
      where: { id: orgId },
      select: { plan: true, subscriptionStatus: true, currentPeriodStart: true, currentPeriodEnd: true },
    });
    const plan = planOf(hasPaidPlan(org) ? org.plan : "free");
    return { quotaBytes: plan.sourceStorageMb * MB, maxProjects: plan.projects, plan };
  }
  const env = readEnv();
  return { quotaBytes: Math.floor(env.OUTREACH_SOURCE_QUOTA_MB * MB), maxProjects: env.OUTREACH_MAX_PROJECTS, plan: null };
}
