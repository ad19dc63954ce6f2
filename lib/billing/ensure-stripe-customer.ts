// The organization's Stripe customer, created on first need. The idempotency key makes two racing checkouts of one
// organization get the same customer from Stripe; the first to record it wins here too.
import type Stripe from "stripe";
import { db } from "@/lib/db/client";

export async function ensureStripeCustomer(stripe: Stripe, { orgId }: { orgId: number }): Promise<string> {
  const org = await db.organization.findUniqueOrThrow({ where: { id: orgId }, select: { name: true, stripeCustomerId: true } });
  if (org.stripeCustomerId) return org.stripeCustomerId;
  const customer = await stripe.customers.create({ name: org.name, metadata: { organization_id: String(orgId) } }, { idempotencyKey: `customer-for-organization-${orgId}` });
  await db.organization.updateMany({ where: { id: orgId, stripeCustomerId: null }, data: { stripeCustomerId: customer.id } });
  const saved = await db.organization.findUniqueOrThrow({ where: { id: orgId }, select: { stripeCustomerId: true } });
  return saved.stripeCustomerId!;
}
