// Whether billing is on and how Stripe is reached: only in the cloud edition with STRIPE_SECRET_KEY set
// (ARCHITECTURE "billing: off unless STRIPE_SECRET_KEY is set"). Read at call time like the edition.
import { readEnv } from "@/lib/env";

export interface BillingSettings {
  secretKey: string;
  webhookSecret: string;
  /** The Pro plan's recurring price. */
  priceProId: string;
  /** The metered price tied to the cloud-run meter (usage over the included minutes); optional. */
  priceUsageId: string | null;
  meterEventName: string;
  /** Another Stripe API address (a local fake in tests), as the SDK's host/port/protocol. */
  api: { host: string; port: number; protocol: "http" | "https" } | null;
}

export function billingSettings(): BillingSettings | null {
  const env = readEnv();
  if (env.OUTREACH_EDITION !== "cloud" || !env.STRIPE_SECRET_KEY || !env.STRIPE_WEBHOOK_SECRET || !env.STRIPE_PRICE_PRO) return null;
  let api: BillingSettings["api"] = null;
  if (env.STRIPE_API_BASE) {
    const url = new URL(env.STRIPE_API_BASE);
    const protocol = url.protocol === "http:" ? "http" : "https";
    api = { host: url.hostname, port: Number(url.port) || (protocol === "http" ? 80 : 443), protocol };
  }
  return {
    secretKey: env.STRIPE_SECRET_KEY,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET,
    priceProId: env.STRIPE_PRICE_PRO,
    priceUsageId: env.STRIPE_PRICE_PRO_USAGE ?? null,
    meterEventName: env.STRIPE_METER_EVENT,
    api,
  };
}
