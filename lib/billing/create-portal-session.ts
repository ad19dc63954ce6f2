// POST /api/billing/portal: Stripe's Customer Portal, where the owner changes the card, cancels or reads invoices.
import { AppError } from "@/lib/http/errors";
import { db } from "@/lib/db/client";
import { requireBilling, viaStripe } from "@/lib/billing/stripe-client";

export async function createPortalSession({ orgId, origin }: { orgId: number; origin: string }): Promise<{ url: string }> {
  const { stripe } = requireBilling();
  const org = await db.organization.findUniqueOrThrow({ where: { id: orgId }, select: { stripeCustomerId: true } });
  if (!org.stripeCustomerId) throw new AppError("conflict", "This organization has no subscription to manage yet: subscribe first");
  const customer = org.stripeCustomerId;
  const session = await viaStripe("Opening the Customer Portal", () => stripe.billingPortal.sessions.create({ customer, return_url: `${origin}/settings/billing` }));
  return { url: session.url };
}
