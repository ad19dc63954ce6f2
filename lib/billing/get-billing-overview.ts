// GET /api/billing and Settings > Plan and usage: the plan, this period's cloud-runner minutes against the allowance, the
// members against the plan's seats, and the latest invoices (read from Stripe; the page still shows the rest when
// Stripe cannot be reached).
import { db } from "@/lib/db/client";
import { billingSettings } from "@/lib/billing/billing-settings";
import { stripeClient } from "@/lib/billing/stripe-client";
import { getCloudAllowance } from "@/lib/billing/get-cloud-allowance";
import { PLANS } from "@/lib/billing/plans";
import { getPlanPrices } from "@/lib/billing/get-plan-prices";

export interface InvoiceView {
  id: string;
  number: string | null;
  status: string | null;
  amountPaid: number;
  currency: string;
  createdAt: string;
  url: string | null;
}

export async function getBillingOverview({ orgId }: { orgId: number }) {
  const settings = billingSettings();
  const allowance = await getCloudAllowance({ orgId });
  const org = await db.organization.findUniqueOrThrow({ where: { id: orgId }, select: { stripeCustomerId: true, currentPeriodEnd: true, _count: { select: { memberships: true } } } });
  const prices = await getPlanPrices();
  let invoices: InvoiceView[] = [];
  let invoicesError: string | null = null;
  if (settings && org.stripeCustomerId) {
    try {
      const list = await stripeClient(settings).invoices.list({ customer: org.stripeCustomerId, limit: 12 });
      invoices = list.data.map((i) => ({
        id: i.id ?? "",
        number: i.number ?? null,
        status: i.status ?? null,
        amountPaid: i.amount_paid,
        currency: i.currency,
        createdAt: new Date(i.created * 1000).toISOString(),
        url: i.hosted_invoice_url ?? null,
      }));
    } catch (err) {
      invoicesError = `Invoices could not be loaded from Stripe: ${(err as Error).message}`;
    }
  }
  return {
    enabled: settings !== null,
    plan: allowance.plan,
    plans: PLANS,
    paid: allowance.paid,
    subscriptionStatus: allowance.subscriptionStatus,
    period: { start: allowance.period.start.toISOString(), end: allowance.period.end.toISOString() },
    usage: { usedMinutes: Math.ceil((allowance.usedSeconds / 60) * 10) / 10, includedMinutes: allowance.plan.includedMinutes, exhausted: allowance.exhausted },
    members: { count: org._count.memberships, limit: allowance.plan.members },
    hasCustomer: org.stripeCustomerId !== null,
    // What Stripe will charge, read from the configured prices (null when Stripe cannot be reached).
    prices,
    // A paid plan renews, and is invoiced, at the end of its period.
    nextInvoiceAt: allowance.paid && org.currentPeriodEnd ? org.currentPeriodEnd.toISOString() : null,
    invoices,
    invoicesError,
  };
}
