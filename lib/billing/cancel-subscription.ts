// Cancels a subscription at once (the organization is being deleted). Stripe answers an already-cancelled one
// with an error this treats as done.
import { billingSettings } from "@/lib/billing/billing-settings";
import { stripeClient } from "@/lib/billing/stripe-client";
import { AppError } from "@/lib/http/errors";

export async function cancelSubscription({ subscriptionId }: { subscriptionId: string }): Promise<void> {
  const settings = billingSettings();
  if (!settings) return;
  try {
    await stripeClient(settings).subscriptions.cancel(subscriptionId);
  } catch (err) {
    const e = err as { type?: string; code?: string; message?: string };
    if (e.type === "StripeInvalidRequestError" && /cancel|no such subscription/i.test(e.message ?? "")) return;
    throw new AppError("unavailable", `Stripe did not cancel the subscription, so nothing was deleted: ${e.message ?? "unknown error"}`);
  }
}
