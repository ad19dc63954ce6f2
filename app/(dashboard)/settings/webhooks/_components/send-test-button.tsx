"use client";

import Link from "next/link";
import { useState } from "react";
import { apiFetch } from "@/app/_components/api-fetch";
import { Button } from "@/app/_components/button";
import { InlineError } from "@/app/_components/inline-error";
import { useMutation } from "@/app/_components/use-mutation";

/**
 * POST /api/webhooks/endpoints/[id]/test: a `webhook.test` delivery through the real queue and signing (one attempt).
 * The note links to the delivery log unless the log is the page already.
 */
export function SendTestButton({ endpointId, onLogPage = false, disabled }: { endpointId: number; onLogPage?: boolean; disabled?: boolean }) {
  const { pending, error, run } = useMutation();
  const [sent, setSent] = useState<number | null>(null);
  return (
    <div className="flex flex-col items-start gap-2">
      <Button
        size="sm"
        variant="secondary"
        pending={pending}
        disabled={disabled}
        title={disabled ? "Enable the endpoint to send to it" : undefined}
        onClick={async () => {
          setSent(null);
          const res = await run(() => apiFetch<{ deliveryId: number }>(`/api/webhooks/endpoints/${endpointId}/test`, { method: "POST" }));
          if (res) setSent(res.deliveryId);
        }}
      >
        Send test event
      </Button>
      <p role="status" aria-live="polite" className="text-xs text-zinc-600 dark:text-zinc-400">
        {sent !== null ? (
          <>
            Test event queued as delivery{" "}
            <Link href={`/settings/webhooks/${endpointId}/deliveries/${sent}`} className="font-medium text-indigo-600 hover:underline dark:text-indigo-400">
              #{sent}
            </Link>
            {onLogPage ? "." : (
              <>
                {" "}
                — see the{" "}
                <Link href={`/settings/webhooks/${endpointId}`} className="font-medium text-indigo-600 hover:underline dark:text-indigo-400">
                  delivery log
                </Link>
                .
              </>
            )}
          </>
        ) : null}
      </p>
      <InlineError message={error} />
    </div>
  );
}
