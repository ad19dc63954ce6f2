"use client";

import { apiFetch } from "@/app/_components/api-fetch";
import { Button } from "@/app/_components/button";
import { InlineError } from "@/app/_components/inline-error";
import { useMutation } from "@/app/_components/use-mutation";

/** Joins with the signed-in account; the new organization becomes the active one. */
export function AcceptInvite({ token, username, organizationName }: { token: string; username: string; organizationName: string }) {
  const { pending, error, run } = useMutation();

  async function accept() {
    const ok = await run(() => apiFetch("/api/invites/accept", { method: "POST", body: { token } }), { refresh: false });
    if (ok) location.href = "/";
  }

  return (
    <div className="space-y-4">
      <p className="text-sm text-zinc-600 dark:text-zinc-300">
        Signed in as <span className="font-medium text-zinc-900 dark:text-zinc-100">{username}</span>.
      </p>
      <InlineError message={error} />
      <Button onClick={accept} pending={pending} className="w-full">
        Join {organizationName}
      </Button>
    </div>
  );
}
