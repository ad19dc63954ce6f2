"use client";

import { formatTime } from "@/lib/format/date-time";
import { useState } from "react";
import { apiFetch } from "@/app/_components/api-fetch";
import { Button } from "@/app/_components/button";
import { ConfirmButton } from "@/app/_components/confirm-button";
import { InlineError } from "@/app/_components/inline-error";
import { useMutation } from "@/app/_components/use-mutation";

// Shown after a click, never in the server's HTML: the viewer's own zone.
const expiry = (iso: string) => formatTime(iso, Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC");

/** POST /api/settings/extension/pairing-codes: the code is shown once, here, and never again. */
export function GeneratePairingCode() {
  const { pending, error, run } = useMutation();
  const [issued, setIssued] = useState<{ code: string; expiresAt: string } | null>(null);

  async function generate() {
    const res = await run(() => apiFetch<{ code: string; expiresAt: string }>("/api/settings/extension/pairing-codes", { method: "POST" }), { refresh: false });
    if (res) setIssued(res);
  }

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-3">
        <Button onClick={generate} pending={pending} variant={issued ? "secondary" : "primary"}>
          {issued ? "Generate another code" : "Generate pairing code"}
        </Button>
        <p className="text-sm text-zinc-500 dark:text-zinc-400">
          Or use <span className="font-medium text-zinc-700 dark:text-zinc-300">Pair with this tab</span> in the extension&apos;s side panel.
        </p>
      </div>
      <InlineError message={error} />
      {issued ? (
        <div
          data-testid="pairing-code"
          className="flex flex-wrap items-center gap-x-5 gap-y-2 rounded-md border border-indigo-200 bg-indigo-50 px-4 py-3 dark:border-indigo-500/30 dark:bg-indigo-500/10"
        >
          <code className="font-mono text-2xl font-semibold tracking-[0.2em] text-indigo-900 select-all dark:text-indigo-200">{issued.code}</code>
          <p className="text-sm text-indigo-900/80 dark:text-indigo-200/80">
            Enter it in the extension&apos;s Connection card. Single use, expires at {expiry(issued.expiresAt)}
            (10 minutes). It will not be shown again.
          </p>
        </div>
      ) : null}
    </div>
  );
}

/** DELETE /api/settings/extension/devices/[id]: the device's token stops working at once. */
export function RevokeDevice({ id, name }: { id: number; name: string }) {
  const { pending, error, run } = useMutation();
  return (
    <div className="flex flex-col items-end gap-1">
      <ConfirmButton
        onConfirm={async () => {
          await run(() => apiFetch(`/api/settings/extension/devices/${id}`, { method: "DELETE" }));
        }}
        pending={pending}
        confirmLabel="Revoke?"
        description={`Revoke ${name}`}
      >
        Revoke
      </ConfirmButton>
      {error ? (
        <p role="alert" className="text-xs text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}
