// The period an allowance is counted over: the subscription's current period while a paid plan is in force, else
// the calendar month (UTC).
import { ACTIVE_SUBSCRIPTION } from "@/lib/billing/plans";

export interface BillingOrg {
  plan: string;
  subscriptionStatus: string | null;
  currentPeriodStart: Date | null;
  currentPeriodEnd: Date | null;
}

export function hasPaidPlan(org: BillingOrg): boolean {
  return org.plan !== "free" && ACTIVE_SUBSCRIPTION.has(org.subscriptionStatus ?? "");
}

export function billingPeriod(org: BillingOrg, now = new Date()): { start: Date; end: Date } {
  if (hasPaidPlan(org) && org.currentPeriodStart && org.currentPeriodEnd && org.currentPeriodStart <= now && now < org.currentPeriodEnd) {
    return { start: org.currentPeriodStart, end: org.currentPeriodEnd };
  }
  return { start: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)), end: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)) };
}
