// Settings > Webhooks > one endpoint's delivery log (admins): newest first, filtered by status (`?status=`), with
// Retry for dead deliveries and Replay for any, each row opening its payload and attempt log.
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { Badge } from "@/app/_components/badge";
import { cx } from "@/app/_components/cx";
import { parseIdOr404 } from "@/app/_components/not-found-guard";
import { PageHeader } from "@/app/_components/page-header";
import { endpointHost, endpointTitle } from "../_components/endpoint-title";
import { EndpointUrl } from "../_components/endpoint-url";
import { getPageContext } from "@/lib/auth/page-context";
import { hasRole } from "@/lib/auth/resolve-session-caller";
import { DELIVERY_STATUSES } from "@/lib/webhooks/schemas";
import { listDeliveries } from "@/lib/webhooks/list-deliveries";
import { listEndpoints } from "@/lib/webhooks/list-endpoints";
import { AdminOnlyNotice } from "../_components/admin-only";
import { STATUS_FILTERS } from "../_components/delivery-status";
import { SendTestButton } from "../_components/send-test-button";
import { toDeliveryItem, type DeliveryStatus } from "../_components/webhook-items";
import { DeliveryLog } from "./delivery-log";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Webhook deliveries" };

const PAGE_SIZE = 25;

type PageProps = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function DeliveryLogPage({ params, searchParams }: PageProps) {
  const [{ id: rawId }, query, { orgId, role }] = await Promise.all([params, searchParams, getPageContext()]);
  if (!hasRole(role, "admin")) return <AdminOnlyNotice />;
  const id = parseIdOr404(rawId);
  // The endpoint list carries the counts the filter chips show; another organization's endpoint is not in it (404).
  const endpoint = (await listEndpoints({ orgId })).find((e) => e.id === id);
  if (!endpoint) notFound();
  const status = (DELIVERY_STATUSES as readonly unknown[]).includes(query.status) ? (query.status as DeliveryStatus) : null;
  const page = await listDeliveries({ orgId, endpointId: id, status: status ?? undefined, limit: PAGE_SIZE });
  const total = Object.values(endpoint.deliveries).reduce((a, b) => a + (b ?? 0), 0);

  return (
    <>
      <PageHeader
        eyebrow={
          <>
            <Link href="/settings" className="hover:text-zinc-800 hover:underline dark:hover:text-zinc-200">
              Settings
            </Link>
            <span aria-hidden="true"> / </span>
            <Link href="/settings/webhooks" className="hover:text-zinc-800 hover:underline dark:hover:text-zinc-200">
              Webhooks
            </Link>
          </>
        }
        title={
          <>
            <span className="min-w-0 break-words">{endpointTitle(endpoint)}</span>
            {endpoint.enabled ? null : <Badge>Disabled</Badge>}
          </>
        }
        description={
          <>
            <span className="block">Delivery log</span>
            <EndpointUrl endpointId={id} host={endpointHost(endpoint.url)} webhookId={endpoint.webhookId} />
          </>
        }
        actions={<SendTestButton endpointId={id} onLogPage disabled={!endpoint.enabled} />}
      />

      <nav aria-label="Delivery status" className="mb-4 flex flex-wrap gap-2">
        {STATUS_FILTERS.map((f) => {
          const selected = (status ?? "all") === f.key;
          const count = f.key === "all" ? total : (endpoint.deliveries[f.key] ?? 0);
          return (
            <Link
              key={f.key}
              href={f.key === "all" ? `/settings/webhooks/${id}` : `/settings/webhooks/${id}?status=${f.key}`}
              aria-current={selected ? "page" : undefined}
              className={cx(
                "inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-sm font-medium ring-1 ring-inset transition-colors",
                "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500",
                selected
                  ? "bg-indigo-600 text-white ring-indigo-600 dark:bg-indigo-500 dark:ring-indigo-500"
                  : "bg-white text-zinc-700 ring-zinc-300 hover:bg-zinc-50 dark:bg-zinc-900 dark:text-zinc-300 dark:ring-zinc-700 dark:hover:bg-zinc-800",
              )}
            >
              {f.label}
              <span className={cx("text-xs tabular-nums", selected ? "text-indigo-100" : "text-zinc-500 dark:text-zinc-400")}>{count}</span>
            </Link>
          );
        })}
      </nav>

      <DeliveryLog
        key={status ?? "all"}
        endpointId={id}
        status={status}
        initial={{ deliveries: page.deliveries.map((d) => toDeliveryItem(d)), nextCursor: page.nextCursor }}
        pageSize={PAGE_SIZE}
      />
    </>
  );
}
