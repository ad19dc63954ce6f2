"use client";

import Link from "next/link";
import { useState, type ReactNode } from "react";
import { apiFetch } from "@/app/_components/api-fetch";
import { Badge } from "@/app/_components/badge";
import { Button, LinkButton } from "@/app/_components/button";
import { Card } from "@/app/_components/card";
import { cx } from "@/app/_components/cx";
import { LocalTime } from "@/app/_components/local-time";
import { InlineError } from "@/app/_components/inline-error";
import { useMutation } from "@/app/_components/use-mutation";
import { eventTypeLabel } from "./_components/endpoint-fields";
import { SecretPanel } from "@/app/_components/secret-panel";
import { SendTestButton } from "./_components/send-test-button";
import { EndpointUrl } from "./_components/endpoint-url";
import type { DeliveryStatus, EndpointItem } from "./_components/webhook-items";
import { DeleteEndpointDialog, EditEndpointDialog, RevealSecretDialog, RotateSecretDialog } from "./endpoint-dialogs";

type OpenDialog = "edit" | "delete" | "reveal" | "rotate" | null;

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[8rem_1fr] gap-3 py-2 text-sm">
      <dt className="text-zinc-500 dark:text-zinc-400">{label}</dt>
      <dd className="min-w-0 text-zinc-900 dark:text-zinc-100">{children}</dd>
    </div>
  );
}

const COUNT_TONE: Record<DeliveryStatus, string> = {
  pending: "text-amber-700 dark:text-amber-300",
  delivered: "text-emerald-700 dark:text-emerald-300",
  dead: "text-red-700 dark:text-red-300",
};

/** One endpoint in Settings > Webhooks: what it receives, its secret's state, its delivery counts, and its actions. */
export function EndpointCard({ endpoint }: { endpoint: EndpointItem }) {
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [shown, setShown] = useState<{ secret: string; how: "revealed" | "rotated" } | null>(null);
  const e = endpoint;
  const close = () => setDialog(null);
  const total = Object.values(e.deliveries).reduce((a, b) => a + (b ?? 0), 0);

  return (
    <div data-testid="endpoint-card" data-endpoint-id={e.id} data-webhook-id={e.webhookId}>
      <Card
        title={
          <span className="flex flex-wrap items-center gap-2">
            <code className="font-mono">{e.webhookId}</code>
            {e.enabled ? <Badge tone="success">Enabled</Badge> : <Badge tone="neutral">Disabled</Badge>}
          </span>
        }
        description={<EndpointUrl endpointId={e.id} host={e.host} webhookId={e.webhookId} showId={false} />}
        actions={<EnabledSwitch endpoint={e} />}
      >
        <div className="space-y-4">
          {e.disabledReason ? (
            <div role="note" className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-500/30 dark:bg-amber-500/10 dark:text-amber-200">
              <span className="font-semibold">Switched off by the system.</span> {e.disabledReason}. Turn it back on once the receiver is
              back; dead deliveries can then be retried.
            </div>
          ) : !e.enabled ? (
            <p className="text-sm text-zinc-500 dark:text-zinc-400">
              Disabled: nothing is sent, and deliveries still waiting are marked dead when their turn comes (retry them after turning it back on).
            </p>
          ) : null}

          <dl className="-mt-2 divide-y divide-zinc-100 dark:divide-zinc-800">
            <Row label="Description">{e.description || <span className="text-zinc-500 dark:text-zinc-400">—</span>}</Row>
            <Row label="Events">
              {e.eventTypes.length === 0 ? (
                <span>All events</span>
              ) : (
                <span className="flex flex-wrap gap-1.5">
                  {e.eventTypes.map((k) => (
                    <Badge key={k} tone="primary" title={k}>
                      {eventTypeLabel(k)}
                    </Badge>
                  ))}
                </span>
              )}
            </Row>
            <Row label="Signing secret">
              <code className="font-mono text-xs">{e.secretPrefix}…</code>
              {e.previousSecretActiveUntil ? (
                <span className="mt-0.5 block text-xs text-amber-700 dark:text-amber-300" data-testid="rotation-overlap">
                  Rotated: the previous secret also signs until <LocalTime at={e.previousSecretActiveUntil} />
                </span>
              ) : null}
            </Row>
            <Row label="Deliveries">
              {total === 0 ? (
                <span className="text-zinc-500 dark:text-zinc-400">None yet</span>
              ) : (
                <span className="flex flex-wrap gap-x-3 gap-y-1" data-testid="delivery-counts">
                  {(["pending", "delivered", "dead"] as const).map((s) => (
                    <Link
                      key={s}
                      href={`/settings/webhooks/${e.id}?status=${s}`}
                      className={cx("tabular-nums hover:underline", (e.deliveries[s] ?? 0) > 0 ? COUNT_TONE[s] : "text-zinc-500 dark:text-zinc-400")}
                    >
                      {e.deliveries[s] ?? 0} {s}
                    </Link>
                  ))}
                </span>
              )}
            </Row>
            <Row label="Added"><LocalTime at={e.createdAt} show="date" /></Row>
          </dl>

          {shown ? (
            <SecretPanel
              secret={shown.secret}
              title={shown.how === "rotated" ? "New signing secret" : "Current signing secret"}
              onDismiss={() => setShown(null)}
            >
              {shown.how === "rotated" ? (
                <>
                  Put it in your receiver within 24 hours, while the old secret still signs beside it. Copy it now:{" "}
                  <strong>you will not see it again</strong> once you leave or reload this page.
                </>
              ) : (
                <>It disappears when you leave or reload this page.</>
              )}
            </SecretPanel>
          ) : null}

          <div className="flex flex-wrap items-start gap-2 border-t border-zinc-200 pt-4 dark:border-zinc-800">
            <LinkButton href={`/settings/webhooks/${e.id}`} size="sm" variant="secondary">
              Delivery log
            </LinkButton>
            <SendTestButton endpointId={e.id} disabled={!e.enabled} />
            <Button size="sm" variant="ghost" onClick={() => setDialog("edit")}>
              Edit
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setDialog("reveal")}>
              Reveal secret
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setDialog("rotate")}>
              Rotate secret
            </Button>
            <Button size="sm" variant="danger" className="ml-auto" onClick={() => setDialog("delete")}>
              Delete
            </Button>
          </div>
        </div>
      </Card>

      {/* Mounted only while open, so each opening starts from the endpoint as it is now. */}
      {dialog === "edit" ? <EditEndpointDialog endpoint={e} open onClose={close} /> : null}
      {dialog === "delete" ? <DeleteEndpointDialog endpoint={e} open onClose={close} /> : null}
      {dialog === "reveal" ? <RevealSecretDialog endpoint={e} open onClose={close} onSecret={(secret) => setShown({ secret, how: "revealed" })} /> : null}
      {dialog === "rotate" ? <RotateSecretDialog endpoint={e} open onClose={close} onSecret={(secret) => setShown({ secret, how: "rotated" })} /> : null}
    </div>
  );
}

/** PATCH {enabled}. Turning an endpoint back on also clears the reason a 410 switched it off. */
function EnabledSwitch({ endpoint }: { endpoint: EndpointItem }) {
  const { pending, error, run } = useMutation();
  const on = endpoint.enabled;
  return (
    <div className="flex flex-col items-end gap-1">
      <button
        type="button"
        role="switch"
        aria-checked={on}
        aria-label={`Enabled: ${endpoint.webhookId}`}
        disabled={pending}
        onClick={() => run(() => apiFetch(`/api/webhooks/endpoints/${endpoint.id}`, { method: "PATCH", body: { enabled: !on } }))}
        className="group inline-flex items-center gap-2 rounded-md text-sm font-medium text-zinc-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 disabled:opacity-60 dark:text-zinc-300"
      >
        <span
          aria-hidden="true"
          className={cx(
            "relative inline-flex h-5 w-9 shrink-0 items-center rounded-full transition-colors",
            on ? "bg-indigo-600 dark:bg-indigo-500" : "bg-zinc-300 dark:bg-zinc-700",
          )}
        >
          <span className={cx("size-4 rounded-full bg-white shadow-sm transition-transform", on ? "translate-x-[1.125rem]" : "translate-x-0.5")} />
        </span>
        <span aria-hidden="true">{on ? "On" : "Off"}</span>
      </button>
      {error ? (
        <p role="alert" className="text-xs text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}
