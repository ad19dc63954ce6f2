"use client";

import { useState, type FormEvent } from "react";
import { apiFetch } from "@/app/_components/api-fetch";
import { Button } from "@/app/_components/button";
import { ConfirmButton } from "@/app/_components/confirm-button";
import { InlineError } from "@/app/_components/inline-error";
import { Input } from "@/app/_components/input";
import { Select } from "@/app/_components/select";
import { useMutation } from "@/app/_components/use-mutation";

/** POST /api/blocklist */
export function BlocklistForm({ projects }: { projects: Array<{ id: number; name: string }> }) {
  const { pending, error, run } = useMutation();
  const [formKey, setFormKey] = useState(0);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const scope = String(f.get("scope") ?? "");
    const reason = String(f.get("reason") ?? "").trim();
    const body = {
      type: String(f.get("type")),
      value: String(f.get("value") ?? "").trim(),
      projectId: scope ? Number(scope) : null,
      ...(reason ? { reason } : {}),
    };
    const done = await run(() => apiFetch("/api/blocklist", { method: "POST", body }));
    if (done !== undefined) setFormKey((k) => k + 1);
  }

  return (
    <form key={formKey} onSubmit={onSubmit} className="space-y-4">
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-[9rem_1fr_14rem]">
        <Select
          id="block-type"
          name="type"
          label="Type"
          options={[
            { value: "user", label: "User" },
            { value: "community", label: "Community" },
            { value: "keyword", label: "Keyword" },
          ]}
        />
        <Input id="block-value" name="value" label="Value" required placeholder="handle, community or keyword" />
        <Select
          id="block-scope"
          name="scope"
          label="Scope"
          options={[{ value: "", label: "All projects" }, ...projects.map((p) => ({ value: String(p.id), label: p.name }))]}
        />
      </div>
      <Input id="block-reason" name="reason" label="Reason" optional placeholder="Why this is blocked, for your teammates" />
      <InlineError message={error} />
      <Button type="submit" pending={pending}>
        Add to blocklist
      </Button>
    </form>
  );
}

export function BlocklistDelete({ id, label }: { id: number; label: string }) {
  const { pending, error, run } = useMutation();
  return (
    <div className="flex flex-col items-end gap-1">
      <ConfirmButton
        onConfirm={async () => {
          await run(() => apiFetch(`/api/blocklist/${id}`, { method: "DELETE" }));
        }}
        pending={pending}
        confirmLabel="Remove?"
        description={`Remove ${label} from the blocklist`}
      >
        Delete
      </ConfirmButton>
      {error ? (
        <p role="alert" className="text-xs text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}
