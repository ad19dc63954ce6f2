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
