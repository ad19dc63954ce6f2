"use client";

import { apiFetch } from "@/app/_components/api-fetch";
import { Button } from "@/app/_components/button";
import { ConfirmButton } from "@/app/_components/confirm-button";
import { useMutation } from "@/app/_components/use-mutation";

export function AccountRowActions({ accountId, handle, isDefault }: { accountId: number; handle: string; isDefault: boolean }) {
  const { pending, error, run } = useMutation();

  return (
    <div className="flex flex-col items-end gap-1">
      <div className="flex justify-end gap-2 whitespace-nowrap">
        {!isDefault ? (
          <Button
            variant="secondary"
            size="sm"
            disabled={pending}
            onClick={() => run(() => apiFetch(`/api/accounts/${accountId}`, { method: "PATCH", body: { isDefault: true } }))}
          >
            Make default
          </Button>
        ) : null}
        <ConfirmButton
          onConfirm={async () => {
            await run(() => apiFetch(`/api/accounts/${accountId}`, { method: "DELETE" }));
          }}
          pending={pending}
          confirmLabel="Delete?"
          description={`Delete account ${handle}`}
        >
          Delete
        </ConfirmButton>
      </div>
      {error ? (
        <p role="alert" className="max-w-xs text-right text-xs text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}
