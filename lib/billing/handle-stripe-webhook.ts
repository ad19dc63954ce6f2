// POST /api/billing/webhook: Stripe's events, verified against the raw body and STRIPE_WEBHOOK_SECRET (a bad
// signature is a 400 and nothing is written). Each event id is handled once: it is recorded in the same transaction
// as its effect, and a replay finds it there and changes nothing. Subscription events are not trusted for their order:
// the subscription is read back from Stripe, so whichever event arrives last writes the latest state.
import type Stripe from "stripe";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/http/errors";
import { log } from "@/lib/log/logger";
import { requireBilling } from "@/lib/billing/stripe-client";
import { applySubscription } from "@/lib/billing/apply-subscription";

const SUBSCRIPTION_EVENTS = new Set(["customer.subscription.created", "customer.subscription.updated", "customer.subscription.deleted", "customer.subscription.paused", "customer.subscription.resumed"]);

export async function handleStripeWebhook({ rawBody, signature }: { rawBody: string; signature: string | null }): Promise<{ received: true; duplicate: boolean; type: string }> {
  const { settings, stripe } = requireBilling();
  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(rawBody, signature ?? "", settings.webhookSecret);
  } catch (err) {
    throw new AppError("bad_request", `The Stripe signature does not verify: ${(err as Error).message}`);
  }
  if (await db.stripeEvent.findUnique({ where: { id: event.id }, select: { id: true } })) return { received: true, duplicate: true, type: event.type };

  const subscription = await latestSubscription(stripe, event);
  let duplicate = false;
  await db.$transaction(async (tx) => {
    // A concurrent delivery of the same event waits here for the first to commit, then finds it handled.
    const inserted = await tx.$executeRaw`INSERT INTO stripe_events (id, type) VALUES (${event.id}, ${event.type}) ON CONFLICT (id) DO NOTHING`;
    if (inserted === 0) {
      duplicate = true;
      return;
    }
    let orgId: number | null = null;
    if (event.type === "checkout.session.completed") {
      const session = event.data.object as Stripe.Checkout.Session;
      const named = Number(session.client_reference_id);
      const customer = typeof session.customer === "string" ? session.customer : (session.customer?.id ?? null);
      if (Number.isInteger(named) && named > 0 && customer) {
        const updated = await tx.organization.updateMany({ where: { id: named, OR: [{ stripeCustomerId: null }, { stripeCustomerId: customer }] }, data: { stripeCustomerId: customer } });
        orgId = updated.count ? named : null;
      }
    }
    if (subscription) orgId = (await applySubscription(tx, subscription, settings)) ?? orgId;
    if (orgId) await tx.stripeEvent.update({ where: { id: event.id }, data: { organizationId: orgId } });
    else log.info("stripe event for no organization here", { id: event.id, type: event.type });
  });
  return { received: true, duplicate, type: event.type };
}

/** The subscription an event is about, as Stripe holds it now (the event's copy may be older than another event's). */
async function latestSubscription(stripe: Stripe, event: Stripe.Event): Promise<Stripe.Subscription | null> {
  let id: string | null = null;
  if (SUBSCRIPTION_EVENTS.has(event.type)) id = (event.data.object as Stripe.Subscription).id;
  if (event.type === "checkout.session.completed") {
    const s = (event.data.object as Stripe.Checkout.Session).subscription;
    id = typeof s === "string" ? s : (s?.id ?? null);
  }
  if (!id) return null;
  try {
    return await stripe.subscriptions.retrieve(id);
  } catch (err) {
    // Stripe retries the webhook when this answers 5xx, so a passing outage loses nothing.
    throw new AppError("unavailable", `Could not read subscription ${id} from Stripe: ${(err as Error).message}`);
  }
}
