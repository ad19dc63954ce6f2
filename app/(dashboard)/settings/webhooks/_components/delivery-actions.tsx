"use client";

import { useRouter } from "next/navigation";
import { apiFetch } from "@/app/_components/api-fetch";
import { Button } from "@/app/_components/button";
import { useMutation } from "@/app/_components/use-mutation";
import type { DeliveryStatus } from "./webhook-items";

type Props = {
  deliveryId: number;
  endpointId: number;
  status: DeliveryStatus;
  /** After a replay, open the new delivery (the detail page) instead of refreshing the log. */
  openReplay?: boolean;
  onReplayed?: (newId: number) => void;
};

/**
 * Retry (dead only: back to pending with 0 attempts, sent at once) and Replay (any: the same message again as a new
 * delivery, with the same webhook-id so a deduplicating receiver recognises it). Neither destroys anything, so
 * neither asks for confirmation.
 */
export function DeliveryActions({ deliveryId, endpointId, status, openReplay = false, onReplayed }: Props) {
  const router = useRouter();
  const retry = useMutation();
  const replay = useMutation();
  const error = retry.error ?? replay.error;
  return (
    <div className="flex flex-col items-end gap-1">
      <div className="flex justify-end gap-1.5">
        {status === "dead" ? (
          <Button
            size="sm"
            variant="secondary"
            pending={retry.pending}
            aria-label={`Retry delivery ${deliveryId}`}
            onClick={() => retry.run(() => apiFetch(`/api/webhooks/deliveries/${deliveryId}/retry`, { method: "POST" }))}
          >
            Retry
          </Button>
        ) : null}
        <Button
          size="sm"
          variant="ghost"
          pending={replay.pending}
          aria-label={`Replay delivery ${deliveryId}`}
          onClick={async () => {
            const copy = await replay.run(() => apiFetch<{ id: number }>(`/api/webhooks/deliveries/${deliveryId}/replay`, { method: "POST" }), {
              refresh: !openReplay,
            });
            if (!copy) return;
            onReplayed?.(copy.id);
            if (openReplay) router.push(`/settings/webhooks/${endpointId}/deliveries/${copy.id}`);
          }}
        >
          Replay
        </Button>
      </div>
      {error ? (
        <p role="alert" className="max-w-56 text-right text-xs text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}
