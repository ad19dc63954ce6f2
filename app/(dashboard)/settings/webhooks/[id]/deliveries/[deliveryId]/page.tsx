// One webhook delivery (admins): its state, the exact body it sends (every attempt and replay sends these bytes),
// and the attempt log with each receiver answer.
import { RelativeTime } from "@/app/_components/relative-time";
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import type { ReactNode } from "react";
import { Card } from "@/app/_components/card";
import { EmptyState } from "@/app/_components/empty-state";
import { orNotFound, parseIdOr404 } from "@/app/_components/not-found-guard";
import { PageHeader } from "@/app/_components/page-header";
import { endpointTitle } from "../../../_components/endpoint-title";
import { Table, TBody, Td, Th, THead, Tr } from "@/app/_components/table";
import { getPageContext } from "@/lib/auth/page-context";
import { hasRole } from "@/lib/auth/resolve-session-caller";
import { getDeliveryOrThrow } from "@/lib/webhooks/get-delivery";
import { getEndpointOrThrow } from "@/lib/webhooks/get-endpoint";
import { AdminOnlyNotice } from "../../../_components/admin-only";
import { DeliveryActions } from "../../../_components/delivery-actions";
import { DeliveryStatusBadge } from "../../../_components/delivery-status";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Webhook delivery" };

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[9rem_1fr] gap-3 py-2.5 text-sm">
      <dt className="text-zinc-500 dark:text-zinc-400">{label}</dt>
      <dd className="min-w-0 text-zinc-900 dark:text-zinc-100">{children}</dd>
    </div>
  );
}

type PageProps = { params: Promise<{ id: string; deliveryId: string }> };

export default async function DeliveryPage({ params }: PageProps) {
  const [{ id: rawId, deliveryId: rawDeliveryId }, { orgId, role }] = await Promise.all([params, getPageContext()]);
  if (!hasRole(role, "admin")) return <AdminOnlyNotice />;
  const endpointId = parseIdOr404(rawId);
  const deliveryId = parseIdOr404(rawDeliveryId);
  const [endpoint, d] = await Promise.all([
    orNotFound(getEndpointOrThrow({ orgId, id: endpointId })),
    orNotFound(getDeliveryOrThrow({ orgId, id: deliveryId })),
  ]);
  // A delivery is read under its own endpoint only, so a hand-edited URL cannot mix two endpoints' pages.
  if (d.endpointId !== endpointId) notFound();
  const none = <span className="text-zinc-500 dark:text-zinc-400">—</span>;
  const logHref = `/settings/webhooks/${endpointId}`;

  return (
    <>
      <PageHeader
        eyebrow={
          <>
            <Link href="/settings/webhooks" className="hover:text-zinc-800 hover:underline dark:hover:text-zinc-200">
              Webhooks
            </Link>
            <span aria-hidden="true"> / </span>
            <Link href={logHref} className="hover:text-zinc-800 hover:underline dark:hover:text-zinc-200">
              {endpointTitle(endpoint)}: delivery log
            </Link>
          </>
        }
        title={
          <>
            Delivery #{d.id}
            <DeliveryStatusBadge status={d.status} inFlight={d.inFlight} />
          </>
        }
        description={
          <>
            <code className="font-mono text-xs">{d.eventType}</code> · created <RelativeTime at={d.createdAt} />
          </>
        }
        actions={<DeliveryActions deliveryId={d.id} endpointId={endpointId} status={d.status} openReplay />}
      />

      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-5">
        <Card title="Details" className="lg:col-span-2">
          <dl className="-my-2.5 divide-y divide-zinc-100 dark:divide-zinc-800">
            <Detail label="Event type">
              <code className="font-mono text-xs">{d.eventType}</code>
            </Detail>
            <Detail label="webhook-id">
              <code className="font-mono text-xs break-all">{d.messageId}</code>
            </Detail>
            <Detail label="Status">
              <DeliveryStatusBadge status={d.status} inFlight={d.inFlight} />
            </Detail>
            <Detail label="Attempts">
              <span className="tabular-nums">
                {d.attempts} of {d.maxAttempts}
              </span>
            </Detail>
            <Detail label="Next attempt">{d.nextAttemptAt ? <RelativeTime at={d.nextAttemptAt} /> : none}</Detail>
            <Detail label="Delivered">{d.deliveredAt ? <RelativeTime at={d.deliveredAt} /> : none}</Detail>
            <Detail label="Last answer">{d.lastStatus !== null ? <span className="tabular-nums">HTTP {d.lastStatus}</span> : none}</Detail>
            <Detail label="Last error">{d.lastError ? <span className="text-red-700 dark:text-red-300">{d.lastError}</span> : none}</Detail>
            {d.replayOfId ? (
              <Detail label="Replay of">
                <Link href={`${logHref}/deliveries/${d.replayOfId}`} className="font-medium text-indigo-600 hover:underline dark:text-indigo-400">
                  Delivery #{d.replayOfId}
                </Link>
              </Detail>
            ) : null}
          </dl>
        </Card>

        <Card title="Payload" description="The JSON body POSTed to the receiver, byte for byte the same on every attempt and replay." className="lg:col-span-3">
          <pre tabIndex={0} data-testid="delivery-payload" className="max-h-[28rem] overflow-auto rounded-md break-words whitespace-pre-wrap [overflow-wrap:anywhere] bg-zinc-50 p-3 font-mono text-xs leading-relaxed text-zinc-800 dark:bg-zinc-950 dark:text-zinc-200">
            {JSON.stringify(d.payload, null, 2)}
          </pre>
        </Card>
      </div>

      <section aria-labelledby="attempts-heading" className="mt-8">
        <h2 id="attempts-heading" className="mb-3 text-sm font-semibold text-zinc-900 dark:text-zinc-100">
          Attempts
        </h2>
        {d.attemptLog.length === 0 ? (
          <EmptyState
            title="No attempt yet"
            description={
              d.status === "pending"
                ? "A background worker sends it as soon as it is due. If it stays here, check that background jobs run on some instance (Settings > Background jobs)."
                : "This delivery was never attempted."
            }
          />
        ) : (
          <Table label="Attempts">
            <THead>
              <tr>
                <Th className="text-right">#</Th>
                <Th>Started</Th>
                <Th className="text-right">Duration</Th>
                <Th>Answer</Th>
                <Th>Error</Th>
                <Th>Response (first 1 KB)</Th>
              </tr>
            </THead>
            <TBody>
              {/* Attempt numbers start over after a Retry, and the log has no ids: the position is the key. */}
              {d.attemptLog.map((a, i) => (
                <Tr key={i}>
                  <Td className="text-right tabular-nums">{a.attempt}</Td>
                  <Td className="whitespace-nowrap tabular-nums"><RelativeTime at={a.startedAt} /></Td>
                  <Td className="text-right whitespace-nowrap tabular-nums">{a.durationMs} ms</Td>
                  <Td className="whitespace-nowrap">
                    {a.statusCode === null ? (
                      none
                    ) : (
                      <span className={a.statusCode >= 200 && a.statusCode < 300 ? "text-emerald-700 dark:text-emerald-300" : "text-red-700 dark:text-red-300"}>
                        HTTP {a.statusCode}
                      </span>
                    )}
                  </Td>
                  <Td className="max-w-72 text-xs">{a.error ?? none}</Td>
                  <Td className="max-w-md">
                    {a.responseExcerpt ? (
                      <pre tabIndex={0} className="max-h-32 overflow-auto font-mono text-xs whitespace-pre-wrap break-all text-zinc-600 dark:text-zinc-400">{a.responseExcerpt}</pre>
                    ) : (
                      none
                    )}
                  </Td>
                </Tr>
              ))}
            </TBody>
          </Table>
        )}
      </section>
    </>
  );
}
