// Settings > Plan and usage, in every edition and for every member: the plan and what it includes, this period's
// cloud-runner minutes, seats and source storage against it, when the counts start again and what happens at each
// limit. Where Stripe is configured, owners subscribe through Checkout and manage the subscription in the Customer
// Portal, and admins see the invoices; where it is not, the page says the service sets the plan and whom to ask.
// docs/cloud-edition.md ("Plan and usage") describes the three cases.
import type { Metadata } from "next";
import { Badge } from "@/app/_components/badge";
import { Card } from "@/app/_components/card";
import { EmptyState } from "@/app/_components/empty-state";
import { formatDate } from "@/app/_components/format";
import { InlineError } from "@/app/_components/inline-error";
import { PageHeader } from "@/app/_components/page-header";
import { Table, TBody, Td, Th, THead, Tr } from "@/app/_components/table";
import { getPageContext } from "@/lib/auth/page-context";
import { hasRole } from "@/lib/auth/resolve-session-caller";
import { getBillingOverview } from "@/lib/billing/get-billing-overview";
import { getPlanUsage, type PlanUsage } from "@/lib/billing/get-plan-usage";
import { formatMoney } from "@/lib/billing/get-plan-prices";
import { formatBytes } from "@/lib/format/bytes";
import { PlanActions } from "./plan-actions";
import { CheckoutReturn } from "./checkout-return";
import { UsageBar } from "./usage-bar";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Plan and usage" };

const money = (cents: number, currency: string) => new Intl.NumberFormat("en-US", { style: "currency", currency: currency.toUpperCase() }).format(cents / 100);
const count = (n: number) => n.toLocaleString("en-US");

export default async function PlanAndUsagePage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { orgId, role } = await getPageContext();
  const admin = hasRole(role, "admin");
  const owner = hasRole(role, "owner");
  const [usage, sp] = await Promise.all([getPlanUsage({ orgId }), searchParams]);
  // Prices and invoices come from Stripe: read only where it is configured, and only for the people who pay.
  const billing = usage.source === "billing" && admin ? await getBillingOverview({ orgId }) : null;
  const checkout = typeof sp.checkout === "string" ? sp.checkout : null;
  const resets = formatDate(usage.period.end);

  return (
    <>
      <PageHeader
        title="Plan and usage"
        description={
          usage.source === "self-hosted"
            ? "This install runs on your own server: nothing is billed. These are its limits and what is used."
            : "What your plan includes, how much of it this period has used, and what happens at the limit."
        }
      />
      {checkout && billing ? <CheckoutReturn outcome={checkout} paid={billing.paid} /> : null}

      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
        <Card
          title="Plan"
          actions={billing && owner ? <PlanActions paid={billing.paid} hasCustomer={billing.hasCustomer} /> : null}
        >
          <PlanSummary usage={usage} billing={billing} admin={admin} owner={owner} />
        </Card>

        <Card title="This period" description={`${formatDate(usage.period.start)} – ${formatDate(usage.period.end)} · counts start again on ${resets}`}>
          <div className="space-y-5">
            {usage.minutes ? (
              <UsageBar label="Cloud-runner minutes" used={usage.minutes.used} included={usage.minutes.included} note={minutesNote(usage, resets)} />
            ) : null}
            <UsageBar
              label="Seats (members and pending invitations)"
              used={usage.seats.used}
              included={usage.seats.included}
              note={usage.seats.included === null ? undefined : "At the limit, new invitations are refused until a seat frees up or you upgrade."}
            />
            <UsageBar
              label="Source storage"
              used={usage.storage.usedBytes}
              included={usage.storage.quotaBytes}
              format={formatBytes}
              note="Archives and repositories handed to your projects. Past this, a new upload or refresh is refused until you remove one."
            />
            <UsageBar label="Projects" used={usage.storage.projects} included={usage.storage.maxProjects} note="At the limit, a new project is refused." />
          </div>
        </Card>
      </div>

      {billing ? (
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
      ) : null}
    </>
  );
}

type Overview = Awaited<ReturnType<typeof getBillingOverview>>;

function PlanSummary({ usage, billing, admin, owner }: { usage: PlanUsage; billing: Overview | null; admin: boolean; owner: boolean }) {
  const includes = [
    usage.minutes ? (usage.minutes.included === null ? "Cloud-runner minutes: no monthly limit" : `${count(usage.minutes.included)} cloud-runner minutes a month`) : null,
    usage.seats.included === null ? "Seats: no limit" : `${count(usage.seats.included)} seats`,
    `${formatBytes(usage.storage.quotaBytes)} of source storage`,
    `Up to ${count(usage.storage.maxProjects)} projects`,
    "Agents on your own computers are never limited",
  ].filter((s): s is string => s !== null);

  if (usage.source === "billing" && usage.plan) {
    const pro = billing?.plans.find((p) => p.slug === "pro");
    const proPrice = billing?.prices?.pro ? `${formatMoney(billing.prices.pro.amount, billing.prices.pro.currency)} / ${billing.prices.pro.interval}` : null;
    const overage = billing?.prices?.overagePerMinute ? `${formatMoney(billing.prices.overagePerMinute.amount, billing.prices.overagePerMinute.currency)} a minute` : null;
    const paidPrice = proPrice ? `${proPrice}${overage ? `, then ${overage} past the included minutes` : ""}.` : usage.plan.price;
    return (
      <div className="space-y-3">
        <p className="flex items-center gap-2 text-2xl font-semibold text-zinc-900 dark:text-zinc-50">
          <span data-testid="plan-name">{usage.plan.label}</span>
          {billing?.subscriptionStatus ? <Badge tone={billing.paid ? "success" : "warning"}>{billing.subscriptionStatus.replace(/_/g, " ")}</Badge> : null}
        </p>
        <p className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="plan-price">
          {usage.paid ? paidPrice : `${count(usage.plan.includedMinutes)} cloud-run minutes a month and ${usage.plan.members} seats, at no charge.`}
        </p>
        <Includes items={includes} />
        {billing?.nextInvoiceAt ? (
          <p className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="next-invoice">
            Next invoice on {formatDate(billing.nextInvoiceAt)}.
          </p>
        ) : null}
        {!usage.paid && pro ? (
          <p className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="upgrade-offer">
            {pro.label}: {proPrice ?? pro.price}, with {count(pro.includedMinutes)} cloud-run minutes and {pro.members} seats; minutes past that are billed
            {overage ? ` at ${overage} each` : ""} instead of refused.
          </p>
        ) : null}
        {!owner ? (
          <p className="text-sm text-zinc-500 dark:text-zinc-400" data-testid="plan-who">
            {admin ? "Only owners change the plan." : "Only owners change the plan; ask one of them about usage or limits."}
          </p>
        ) : null}
      </div>
    );
  }

  if (usage.source === "service") {
    return (
      <div className="space-y-3">
        <p className="text-2xl font-semibold text-zinc-900 dark:text-zinc-50" data-testid="plan-name">
          Set by the service
        </p>
        <Includes items={includes} />
        <p className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="plan-contact">
          Your plan is set by the service that runs this dashboard, not chosen here. To change it, ask{" "}
          {usage.contact ? <ContactLink contact={usage.contact} /> : "the team that runs this service for you"}.
        </p>
      </div>
    );
  }

  return (
    <div className="space-y-3">
      <p className="text-2xl font-semibold text-zinc-900 dark:text-zinc-50" data-testid="plan-name">
        Self-hosted
      </p>
      <Includes items={includes} />
      <p className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="plan-contact">
        No plan and no bill: the limits are this install&apos;s own settings, <code className="font-mono text-xs">OUTREACH_SOURCE_QUOTA_MB</code> and{" "}
        <code className="font-mono text-xs">OUTREACH_MAX_PROJECTS</code>, changed where the server is started.
      </p>
    </div>
  );
}

function Includes({ items }: { items: string[] }) {
  return (
    <ul className="list-disc space-y-1 pl-5 text-sm text-zinc-700 dark:text-zinc-300" aria-label="What the plan includes">
      {items.map((i) => (
        <li key={i}>{i}</li>
      ))}
    </ul>
  );
}

/** The contact the operator set: a mail link for an address, a link for a web address, else the words as given. */
function ContactLink({ contact }: { contact: string }) {
  const cls = "font-medium text-indigo-600 hover:underline dark:text-indigo-400";
  if (/^[^\s@]+@[^\s@]+$/.test(contact)) return <a href={`mailto:${contact}`} className={cls}>{contact}</a>;
  if (/^https?:\/\//.test(contact)) return <a href={contact} className={cls} target="_blank" rel="noreferrer">{contact}</a>;
  return <span className="font-medium">{contact}</span>;
}

function minutesNote(usage: PlanUsage, resets: string): string {
  if (usage.source === "service") return `Runs on the cloud runner this period. Nothing is cut off; the count starts again on ${resets}.`;
  if (usage.plan?.overage === "metered") return "Minutes past the included ones are billed per minute.";
  if (usage.minutes?.exhausted) return `Used up: runs on the cloud runner are refused until ${resets}, unless you upgrade.`;
  return `Past this, runs on the cloud runner are refused until ${resets}, unless you upgrade.`;
}
