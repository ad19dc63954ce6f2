// Where an organization stands against its plan's cloud-runner minutes in the current period.
import { db } from "@/lib/db/client";
import { billingPeriod, hasPaidPlan } from "@/lib/billing/billing-period";
import { planOf, type Plan } from "@/lib/billing/plans";

export interface CloudAllowance {
  plan: Plan;
  paid: boolean;
  subscriptionStatus: string | null;
  period: { start: Date; end: Date };
  usedSeconds: number;
  includedSeconds: number;
  /** No paid plan and the included minutes are used up: cloud runs are refused. */
  exhausted: boolean;
}

export async function getCloudAllowance({ orgId, now = new Date() }: { orgId: number; now?: Date }): Promise<CloudAllowance> {
  const org = await db.organization.findUniqueOrThrow({
    where: { id: orgId },
    select: { plan: true, subscriptionStatus: true, currentPeriodStart: true, currentPeriodEnd: true },
  });
  const paid = hasPaidPlan(org);
  const plan = planOf(paid ? org.plan : "free");
  const period = billingPeriod(org, now);
  const used = await db.meteredUsage.aggregate({
    where: { organizationId: orgId, occurredAt: { gte: period.start, lt: period.end } },
    _sum: { seconds: true },
  });
  const usedSeconds = used._sum.seconds ?? 0;
  const includedSeconds = plan.includedMinutes * 60;
  return { plan, paid, subscriptionStatus: org.subscriptionStatus, period, usedSeconds, includedSeconds, exhausted: !paid && usedSeconds >= includedSeconds };
}
