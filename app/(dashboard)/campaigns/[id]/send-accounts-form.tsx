"use client";

// Which of the project's accounts the campaign sends from (PUT /api/campaigns/:id/send-accounts).
import { useState } from "react";
import { Button } from "@/app/_components/button";
import { apiFetch } from "@/app/_components/api-fetch";
import { InlineError } from "@/app/_components/inline-error";
import { useMutation } from "@/app/_components/use-mutation";

export function SendAccountsForm({ campaignId, accounts }: { campaignId: number; accounts: Array<{ id: number; handle: string; chosen: boolean }> }) {
  const initial = accounts.filter((a) => a.chosen).map((a) => a.id);
  const [chosen, setChosen] = useState<number[]>(initial);
  const { pending, error, run } = useMutation();
  const changed = chosen.length !== initial.length || chosen.some((id) => !initial.includes(id));
  if (accounts.length === 0) {
    return <p className="text-sm text-zinc-500 dark:text-zinc-400">The project has no account on this platform yet.</p>;
  }
  const save = () => run(() => apiFetch(`/api/campaigns/${campaignId}/send-accounts`, { method: "PUT", body: { accountIds: chosen } }));
  return (
    <fieldset className="space-y-3">
      <legend className="mb-2 text-xs font-medium text-zinc-700 dark:text-zinc-300">Send from</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-2">
        {accounts.map((a) => (
          <label key={a.id} className="flex min-h-6 items-center gap-2 text-sm text-zinc-800 dark:text-zinc-200">
            <input
              type="checkbox"
              className="size-4 rounded border-zinc-300 text-indigo-600 dark:border-zinc-600 dark:bg-zinc-800"
              checked={chosen.includes(a.id)}
              onChange={(e) => setChosen((c) => (e.target.checked ? [...c, a.id] : c.filter((id) => id !== a.id)))}
            />
            <span className="break-all">{a.handle}</span>
          </label>
        ))}
      </div>
      <div className="flex items-center gap-3">
        <Button size="sm" variant="secondary" pending={pending} disabled={!changed} onClick={save}>
          Save accounts
        </Button>
        <InlineError message={error} />
      </div>
    </fieldset>
  );
}
