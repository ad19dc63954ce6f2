// Settings > Billing (cloud edition, admins): the plan, this period's cloud-runner minutes against the allowance,
// seats, and the invoices Stripe keeps. Owners subscribe through Stripe Checkout and manage the subscription in the
// Customer Portal. docs/cloud-edition.md describes plans and metering.
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { Badge } from "@/app/_components/badge";
import { Card } from "@/app/_components/card";
import { EmptyState } from "@/app/_components/empty-state";
import { formatDate } from "@/app/_components/format";
import { InlineError } from "@/app/_components/inline-error";
import { PageHeader } from "@/app/_components/page-header";
import { Table, TBody, Td, Th, THead, Tr } from "@/app/_components/table";
import { getPageContext } from "@/lib/auth/page-context";
import { hasRole } from "@/lib/auth/resolve-session-caller";
import { isCloudEdition } from "@/lib/edition/edition";
import { getBillingOverview } from "@/lib/billing/get-billing-overview";
import { billingSettings } from "@/lib/billing/billing-settings";
import { formatMoney } from "@/lib/billing/get-plan-prices";
import { AdminOnlyNotice } from "../webhooks/_components/admin-only";
import { PlanActions } from "./plan-actions";
import { CheckoutReturn } from "./checkout-return";
import { UsageBar } from "./usage-bar";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Billing" };

const money = (cents: number, currency: string) => new Intl.NumberFormat("en-US", { style: "currency", currency: currency.toUpperCase() }).format(cents / 100);

export default async function BillingPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  // Billing the operator has not configured does not exist for customers (the Operator area says what to set).
  if (!isCloudEdition() || !billingSettings()) notFound();
  const { orgId, role } = await getPageContext();
  if (!hasRole(role, "admin")) {
    return <AdminOnlyNotice section="Billing" description="The plan, usage and invoices." reason="The plan and invoices are for the organization's admins and owners. Ask one of them about usage or limits." />;
  }
  const [billing, sp] = await Promise.all([getBillingOverview({ orgId }), searchParams]);
  const checkout = typeof sp.checkout === "string" ? sp.checkout : null;
  const owner = hasRole(role, "owner");
  const pro = billing.plans.find((p) => p.slug === "pro");
  // Prices as Stripe will charge them; the plan's own words when Stripe cannot be reached.
  const proPrice = billing.prices?.pro ? `${formatMoney(billing.prices.pro.amount, billing.prices.pro.currency)} / ${billing.prices.pro.interval}` : null;
  const overage = billing.prices?.overagePerMinute ? `${formatMoney(billing.prices.overagePerMinute.amount, billing.prices.overagePerMinute.currency)} a minute` : null;
  const paidPrice = proPrice ? `${proPrice}${overage ? `, then ${overage} past the included minutes` : ""}.` : billing.plan.price;

  return (
    <>
      <PageHeader title="Billing" description="Your plan covers the minutes agents run on the cloud runner, and the seats of your team." />
      {checkout ? <CheckoutReturn outcome={checkout} paid={billing.paid} /> : null}

      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
        <Card
          title="Plan"
          actions={billing.enabled && owner ? <PlanActions paid={billing.paid} hasCustomer={billing.hasCustomer} /> : null}
        >
          <div className="space-y-2">
            <p className="flex items-center gap-2 text-2xl font-semibold text-zinc-900 dark:text-zinc-50">
              <span data-testid="plan-name">{billing.plan.label}</span>
              {billing.subscriptionStatus ? (
                <Badge tone={billing.paid ? "success" : "warning"}>{billing.subscriptionStatus.replace(/_/g, " ")}</Badge>
              ) : null}
            </p>
            <p className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="plan-price">
              {billing.paid ? paidPrice : `${billing.plan.includedMinutes.toLocaleString("en-US")} cloud-run minutes a month and ${billing.plan.members} seats, at no charge.`}
            </p>
            {billing.nextInvoiceAt ? (
              <p className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="next-invoice">
                Next invoice on {formatDate(billing.nextInvoiceAt)}.
              </p>
            ) : null}
            {!billing.paid && pro ? (
              <p className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="upgrade-offer">
                {pro.label}: {proPrice ?? pro.price}, with {pro.includedMinutes.toLocaleString("en-US")} cloud-run minutes and {pro.members} seats; minutes past that are billed
                {overage ? ` at ${overage} each` : ""} instead of refused.
              </p>
            ) : null}
            {billing.enabled && !owner ? <p className="text-sm text-zinc-500 dark:text-zinc-400">Only owners change the plan.</p> : null}
          </div>
        </Card>

        <Card title="This period" description={`${formatDate(billing.period.start)} – ${formatDate(billing.period.end)}`}>
          <div className="space-y-5">
            <UsageBar
              label="Cloud-runner minutes"
              used={billing.usage.usedMinutes}
              included={billing.usage.includedMinutes}
              note={
                billing.plan.overage === "metered"
                  ? "Minutes past the included ones are billed per minute."
                  : billing.usage.exhausted
                    ? "Used up: runs on the cloud runner are refused until the next period or an upgrade."
                    : "Past this, runs on the cloud runner are refused until the next period, unless you upgrade."
              }
            />
            <UsageBar label="Seats (members and pending invitations)" used={billing.members.count} included={billing.members.limit} />
          </div>
        </Card>
      </div>

      <Card title="Invoices" className="mt-6" flush>
        {billing.invoicesError ? <InlineError className="m-4" message={billing.invoicesError} /> : null}
        {billing.invoices.length === 0 ? (
          <EmptyState className="py-8" title="No invoices yet" description="Invoices appear here once the organization subscribes to a paid plan." />
        ) : (
          <Table label="Invoices">
            <THead>
              <tr>
                <Th>Date</Th>
                <Th>Number</Th>
                <Th>Status</Th>
                <Th className="text-right">Amount</Th>
                <Th className="text-right">
                  <span className="sr-only">Link</span>
                </Th>
              </tr>
            </THead>
            <TBody>
              {billing.invoices.map((i) => (
                <Tr key={i.id}>
                  <Td>{formatDate(i.createdAt)}</Td>
                  <Td className="font-mono text-xs">{i.number ?? "—"}</Td>
                  <Td>
                    <Badge tone={i.status === "paid" ? "success" : i.status === "open" ? "warning" : "neutral"}>{i.status ?? "draft"}</Badge>
                  </Td>
                  <Td className="text-right tabular-nums">{money(i.amountPaid, i.currency)}</Td>
                  <Td className="text-right">
                    {i.url ? (
                      <a href={i.url} target="_blank" rel="noreferrer" className="font-medium text-indigo-600 hover:underline dark:text-indigo-400">
                        View invoice
                      </a>
                    ) : null}
                  </Td>
                </Tr>
              ))}
            </TBody>
          </Table>
        )}
      </Card>
    </>
  );
}
