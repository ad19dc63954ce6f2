// The prices customers read on Settings > Plan and usage, from Stripe itself (the configured STRIPE_PRICE_PRO and, when set,
// STRIPE_PRICE_PRO_USAGE), so the page always says what Stripe will charge. Kept ten minutes per process; when Stripe
// cannot be reached the page falls back to the plan's own words.
import type Stripe from "stripe";
import { billingSettings } from "@/lib/billing/billing-settings";
import { stripeClient } from "@/lib/billing/stripe-client";

export interface PlanPrices {
  /** The subscription: minor units (cents), currency, and how often. */
  pro: { amount: number; currency: string; interval: string } | null;
  /** Cloud-runner minutes past the allowance, per minute, in minor units (may be fractional). */
  overagePerMinute: { amount: number; currency: string } | null;
}

const TTL_MS = 10 * 60_000;
const cache = globalThis as unknown as { __outreachPlanPrices?: { key: string; at: number; prices: PlanPrices } };

export async function getPlanPrices(now = Date.now()): Promise<PlanPrices | null> {
  const settings = billingSettings();
  if (!settings) return null;
  const key = `${settings.priceProId}|${settings.priceUsageId ?? ""}`;
  const hit = cache.__outreachPlanPrices;
  if (hit && hit.key === key && now - hit.at < TTL_MS) return hit.prices;
  try {
    const stripe = stripeClient(settings);
    const [pro, usage] = await Promise.all([
      stripe.prices.retrieve(settings.priceProId),
      settings.priceUsageId ? stripe.prices.retrieve(settings.priceUsageId) : Promise.resolve(null),
    ]);
    const prices: PlanPrices = { pro: recurring(pro), overagePerMinute: usage ? perMinute(usage) : null };
    cache.__outreachPlanPrices = { key, at: now, prices };
    return prices;
  } catch {
    return null;
  }
}

function recurring(p: Stripe.Price): PlanPrices["pro"] {
  if (p.unit_amount === null) return null;
  return { amount: p.unit_amount, currency: p.currency, interval: p.recurring?.interval ?? "month" };
}

/** The meter counts seconds: a price per unit is per second unless it divides the quantity (by 60: per minute). */
function perMinute(p: Stripe.Price): PlanPrices["overagePerMinute"] {
  const unit = p.unit_amount_decimal !== null && p.unit_amount_decimal !== undefined ? Number(p.unit_amount_decimal) : p.unit_amount;
  if (unit === null || !Number.isFinite(unit)) return null;
  const divideBy = p.transform_quantity?.divide_by ?? 1;
  return { amount: (unit * 60) / divideBy, currency: p.currency };
}

/** "$29.00 / month", "$0.02 per minute" */
export function formatMoney(minorUnits: number, currency: string): string {
  const digits = minorUnits % 1 === 0 ? 2 : 4;
  return new Intl.NumberFormat("en-US", { style: "currency", currency: currency.toUpperCase(), minimumFractionDigits: 2, maximumFractionDigits: digits }).format(minorUnits / 100);
}
