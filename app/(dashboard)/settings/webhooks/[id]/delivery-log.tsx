"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useMemo, useState } from "react";
import { apiFetch, errorMessage } from "@/app/_components/api-fetch";
import { Button } from "@/app/_components/button";
import { EmptyState } from "@/app/_components/empty-state";
import { formatDateTime } from "@/app/_components/format";
import { InlineError } from "@/app/_components/inline-error";
import { Table, TBody, Td, Th, THead, Tr } from "@/app/_components/table";
import { DeliveryActions } from "../_components/delivery-actions";
import { DeliveryStatusBadge } from "../_components/delivery-status";
import { formatShortUtc, type DeliveryItem, type DeliveryStatus } from "../_components/webhook-items";

type Props = {
  endpointId: number;
  status: DeliveryStatus | null;
  initial: { deliveries: DeliveryItem[]; nextCursor: number | null };
  pageSize: number;
};

// Deliveries are sent by background workers and no stream event reports them, so while any shown row is still
// waiting the page re-reads itself now and then (only while the tab is visible).
const POLL_MS = 10_000;

const EMPTY: Record<DeliveryStatus | "all", { title: string; description: string }> = {
  all: {
    title: "No deliveries yet",
    description: "A delivery is made for every notification this endpoint receives. Send a test event to check your receiver now.",
  },
  pending: { title: "Nothing waiting", description: "No delivery is waiting for its first attempt or a retry." },
  delivered: { title: "Nothing delivered yet", description: "Deliveries the receiver answered with a 2xx status show up here." },
  dead: {
    title: "No dead deliveries",
    description: "A delivery is dead after its last failed attempt, a 410 Gone answer, or when its endpoint was turned off. None here.",
  },
};

export function DeliveryLog({ endpointId, status, initial, pageSize }: Props) {
  const router = useRouter();
  // Pages loaded with Load more; the first page comes from the server and is replaced on every refresh.
  const [more, setMore] = useState<{ rows: DeliveryItem[]; cursor: number | null } | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const rows = useMemo(() => {
    const byId = new Map<number, DeliveryItem>();
    for (const d of more?.rows ?? []) byId.set(d.id, d);
    for (const d of initial.deliveries) byId.set(d.id, d);
    return [...byId.values()].sort((a, b) => b.id - a.id);
  }, [initial, more]);
  const cursor = more ? more.cursor : initial.nextCursor;
  const waiting = rows.some((d) => d.status === "pending");

  useEffect(() => {
    if (!waiting) return;
    const t = setInterval(() => {
      if (document.visibilityState === "visible") router.refresh();
    }, POLL_MS);
    return () => clearInterval(t);
  }, [waiting, router]);

  async function loadMore() {
    if (!cursor) return;
    setLoading(true);
    setError(null);
    try {
      const params = new URLSearchParams({ cursor: String(cursor), limit: String(pageSize) });
      if (status) params.set("status", status);
      const page = await apiFetch<{ deliveries: DeliveryItem[]; nextCursor: number | null }>(`/api/webhooks/endpoints/${endpointId}/deliveries?${params}`);
      setMore((prev) => ({ rows: [...(prev?.rows ?? []), ...page.deliveries], cursor: page.nextCursor }));
    } catch (err) {
      setError(`Could not load more: ${errorMessage(err)}`);
    } finally {
      setLoading(false);
    }
  }

  if (rows.length === 0) {
    const empty = EMPTY[status ?? "all"];
    return <EmptyState title={empty.title} description={empty.description} />;
  }

  const none = <span className="text-zinc-500 dark:text-zinc-400">—</span>;
  return (
    <>
      <Table label="Deliveries">
        <THead>
          <tr>
            <Th>Delivery</Th>
            <Th>Event</Th>
            <Th>Created</Th>
            <Th>Status</Th>
            <Th className="text-right">Attempts</Th>
            <Th className="whitespace-nowrap">Next attempt</Th>
            <Th className="whitespace-nowrap">Last error</Th>
            <Th className="text-right">
              <span className="sr-only">Actions</span>
            </Th>
          </tr>
        </THead>
        <TBody>
          {rows.map((d) => (
            <Tr key={d.id}>
              <Td className="whitespace-nowrap">
                <Link
                  href={`/settings/webhooks/${endpointId}/deliveries/${d.id}`}
                  className="font-medium text-indigo-600 tabular-nums hover:underline dark:text-indigo-400"
                  aria-label={`Delivery ${d.id} details`}
                >
                  #{d.id}
                </Link>
                {d.replayOfId ? <span className="block text-xs text-zinc-500 dark:text-zinc-400">replay of #{d.replayOfId}</span> : null}
              </Td>
              <Td>
                <code className="font-mono text-xs text-zinc-900 dark:text-zinc-100">{d.eventType}</code>
              </Td>
              <Td className="whitespace-nowrap tabular-nums" title={formatDateTime(d.createdAt)}>
                {formatShortUtc(d.createdAt)}
              </Td>
              <Td data-testid="delivery-status">
                <DeliveryStatusBadge status={d.status} inFlight={d.inFlight} />
              </Td>
              <Td className="text-right whitespace-nowrap tabular-nums" data-testid="delivery-attempts">
                {d.attempts}/{d.maxAttempts}
              </Td>
              <Td className="whitespace-nowrap tabular-nums" title={d.nextAttemptAt ? formatDateTime(d.nextAttemptAt) : undefined}>
                {d.nextAttemptAt ? formatShortUtc(d.nextAttemptAt) : none}
              </Td>
              <Td className="max-w-72 min-w-40">
                {d.lastError ? (
                  <span className="line-clamp-2 text-xs text-red-700 dark:text-red-300" title={d.lastError}>
                    {d.lastError}
                  </span>
                ) : (
                  none
                )}
              </Td>
              <Td className="text-right">
                <DeliveryActions deliveryId={d.id} endpointId={endpointId} status={d.status} />
              </Td>
            </Tr>
          ))}
        </TBody>
      </Table>
      <div className="mt-4 flex flex-col items-center gap-2">
        <p className="text-xs text-zinc-500 dark:text-zinc-400">
          {rows.length} {rows.length === 1 ? "delivery" : "deliveries"} shown{cursor ? ", more available" : ""}
        </p>
        {cursor ? (
          <Button variant="secondary" onClick={loadMore} pending={loading}>
            Load more
          </Button>
        ) : null}
        <InlineError message={error} />
      </div>
    </>
  );
}
