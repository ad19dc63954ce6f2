// The Stripe SDK, configured from billingSettings (a local fake in tests: STRIPE_API_BASE). One client per
// configuration; billing routes refuse with 503 while billing is off.
import Stripe from "stripe";
import { AppError } from "@/lib/http/errors";
import { billingSettings, type BillingSettings } from "@/lib/billing/billing-settings";

const clients = new Map<string, Stripe>();

export function stripeClient(settings: BillingSettings): Stripe {
  const key = JSON.stringify([settings.secretKey, settings.api]);
  let client = clients.get(key);
  if (!client) {
    client = new Stripe(settings.secretKey, {
      ...(settings.api ?? {}),
      maxNetworkRetries: 2,
      timeout: 20_000,
      appInfo: { name: "outreach-dashboard" },
    });
    clients.set(key, client);
  }
  return client;
}

/** The settings and a client, or 503 when billing is not set up here. */
export function requireBilling(): { settings: BillingSettings; stripe: Stripe } {
  const settings = billingSettings();
  if (!settings) throw new AppError("unavailable", "Billing is not set up on this install");
  return { settings, stripe: stripeClient(settings) };
}

/**
 * Runs a Stripe call for a person waiting on it: when Stripe fails (down, refusing the configuration), they get a
 * 503 saying so instead of a bare 500, and nothing here has changed.
 */
export async function viaStripe<T>(action: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof Stripe.errors.StripeError) throw new AppError("unavailable", `${action} failed at Stripe: ${err.message}. Try again in a moment.`);
    throw err;
  }
}
