// POST /api/billing/checkout: a Stripe Checkout Session to subscribe the organization to Pro. The browser is sent
// to its URL; the subscription itself arrives by webhook (lib/billing/handle-stripe-webhook.ts), and Checkout
// returns the browser to Settings > Plan and usage.
import { AppError } from "@/lib/http/errors";
import { db } from "@/lib/db/client";
import { requireBilling, viaStripe } from "@/lib/billing/stripe-client";
import { ensureStripeCustomer } from "@/lib/billing/ensure-stripe-customer";
import { hasPaidPlan } from "@/lib/billing/billing-period";

export async function createCheckoutSession({ orgId, origin }: { orgId: number; origin: string }): Promise<{ url: string }> {
  const { settings, stripe } = requireBilling();
  const org = await db.organization.findUniqueOrThrow({ where: { id: orgId }, select: { plan: true, subscriptionStatus: true, currentPeriodStart: true, currentPeriodEnd: true } });
  if (hasPaidPlan(org)) throw new AppError("conflict", "This organization is already on Pro: manage the subscription from Settings > Plan and usage");
  const customer = await viaStripe("Creating the Stripe customer", () => ensureStripeCustomer(stripe, { orgId }));
  const session = await viaStripe("Starting Checkout", () => stripe.checkout.sessions.create({
    mode: "subscription",
    customer,
    client_reference_id: String(orgId),
    line_items: [{ price: settings.priceProId, quantity: 1 }, ...(settings.priceUsageId ? [{ price: settings.priceUsageId }] : [])],
    metadata: { organization_id: String(orgId) },
    subscription_data: { metadata: { organization_id: String(orgId) } },
    success_url: `${origin}/settings/billing?checkout=success`,
    cancel_url: `${origin}/settings/billing?checkout=cancelled`,
  }));
  if (!session.url) throw new AppError("unavailable", "Stripe did not return a checkout address");
  return { url: session.url };
}
