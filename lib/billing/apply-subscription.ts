// Writes a Stripe subscription's state onto its organization: the plan its price belongs to, the status and the
// current period. The organization is the one named in the subscription's metadata, else the one with its customer.
import type Stripe from "stripe";
import type { Tx } from "@/lib/db/client";
import { ACTIVE_SUBSCRIPTION } from "@/lib/billing/plans";

export async function applySubscription(tx: Tx, sub: Stripe.Subscription, { priceProId }: { priceProId: string }): Promise<number | null> {
  const customerId = typeof sub.customer === "string" ? sub.customer : sub.customer.id;
  const named = Number(sub.metadata?.organization_id);
  const org = await tx.organization.findFirst({
    where: Number.isInteger(named) && named > 0 ? { id: named } : { stripeCustomerId: customerId },
    select: { id: true, stripeCustomerId: true, stripeSubscriptionId: true },
  });
  if (!org) return null;
  // Another subscription of the same organization (an old one being cancelled) must not overwrite the current one.
  if (org.stripeSubscriptionId && org.stripeSubscriptionId !== sub.id && sub.status === "canceled") return org.id;
  const item = sub.items.data.find((i) => i.price.id === priceProId) ?? sub.items.data[0];
  const onPro = sub.items.data.some((i) => i.price.id === priceProId);
  const live = ACTIVE_SUBSCRIPTION.has(sub.status);
  const periodStart = item?.current_period_start ?? null;
  const periodEnd = item?.current_period_end ?? null;
  await tx.organization.update({
    where: { id: org.id },
    data: {
      stripeCustomerId: org.stripeCustomerId ?? customerId,
      stripeSubscriptionId: live ? sub.id : null,
      plan: live && onPro ? "pro" : "free",
      subscriptionStatus: sub.status,
      currentPeriodStart: live && periodStart ? new Date(periodStart * 1000) : null,
      currentPeriodEnd: live && periodEnd ? new Date(periodEnd * 1000) : null,
    },
  });
  return org.id;
}
