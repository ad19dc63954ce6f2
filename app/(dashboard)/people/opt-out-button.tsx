"use client";

import { apiFetch } from "@/app/_components/api-fetch";
import { Button } from "@/app/_components/button";
import { useMutation } from "@/app/_components/use-mutation";

/** Mark a contact opted out by hand, or undo an opt-out (docs/sending-limits.md "Opt-outs"). */
export function OptOutButton({ contactId, handle, optedOut }: { contactId: number; handle: string; optedOut: boolean }) {
  const { pending, error, run } = useMutation();
  return (
    <div className="flex flex-col items-end gap-1">
      <Button
        size="sm"
        variant="ghost"
        pending={pending}
        disabled={pending}
        aria-label={optedOut ? `Undo the opt-out of ${handle}` : `Mark ${handle} opted out`}
        title={optedOut ? "Drafts to this person may be made and sent again" : "No new drafts to this person; pending ones are held at send"}
        onClick={() => run(() => apiFetch(`/api/contacts/${contactId}`, { method: "PATCH", body: { optedOut: !optedOut } }))}
      >
        {optedOut ? "Undo opt-out" : "Mark opted out"}
      </Button>
      {error ? (
        <p role="alert" className="max-w-xs text-right text-xs text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}
