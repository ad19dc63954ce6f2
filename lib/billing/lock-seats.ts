// Seats are counted with the organization's row locked, so invitations created (or accepted) in parallel are counted
// one after another and never pass the plan's seats together. Null when billing is off (no seat limit).
import type { Tx } from "@/lib/db/client";
import { billingSettings } from "@/lib/billing/billing-settings";
import { hasPaidPlan } from "@/lib/billing/billing-period";
import { planOf, type Plan } from "@/lib/billing/plans";

export interface SeatCount {
  plan: Plan;
  members: number;
  pendingInvites: number;
}

export async function lockSeats(tx: Tx, { orgId, now = new Date() }: { orgId: number; now?: Date }): Promise<SeatCount | null> {
  if (!billingSettings()) return null;
  const [org] = await tx.$queryRaw<{ plan: string; subscription_status: string | null }[]>`
    SELECT plan::text AS plan, subscription_status FROM organizations WHERE id = ${orgId} FOR UPDATE`;
  if (!org) return null;
  const paid = hasPaidPlan({ plan: org.plan, subscriptionStatus: org.subscription_status, currentPeriodStart: null, currentPeriodEnd: null });
  const plan = planOf(paid ? org.plan : "free");
  const members = await tx.membership.count({ where: { organizationId: orgId } });
  const pendingInvites = await tx.invite.count({ where: { organizationId: orgId, acceptedAt: null, revokedAt: null, expiresAt: { gt: now } } });
  return { plan, members, pendingInvites };
}
