"use client";

import { useState, type FormEvent } from "react";
import { apiFetch } from "@/app/_components/api-fetch";
import { Button } from "@/app/_components/button";
import { InlineError } from "@/app/_components/inline-error";
import { Checkbox, Input } from "@/app/_components/input";
import { Select } from "@/app/_components/select";
import { useMutation } from "@/app/_components/use-mutation";

const PLATFORM_LABELS: Record<string, string> = { forum: "Forum", federated: "Federated" };

/** POST /api/projects/[id]/accounts. Credentials are write-only: they are sent once and never shown again. */
export function AccountForm({ projectId, platforms }: { projectId: number; platforms: readonly string[] }) {
  const { pending, error, run } = useMutation();
  const [formKey, setFormKey] = useState(0);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const get = (k: string) => String(f.get(k) ?? "").trim();
    const credentials: { username?: string; password?: string; token?: string; instanceUrl?: string } = {};
    if (get("credUsername")) credentials.username = get("credUsername");
    if (get("credInstanceUrl")) credentials.instanceUrl = get("credInstanceUrl");
    // Passwords and tokens are sent as typed; surrounding spaces could be meaningful.
    const password = String(f.get("credPassword") ?? "");
    const token = String(f.get("credToken") ?? "");
    if (password) credentials.password = password;
    if (token) credentials.token = token;

    const done = await run(() =>
      apiFetch(`/api/projects/${projectId}/accounts`, {
        method: "POST",
        body: {
          platform: get("platform"),
          platformId: get("platformId"),
          ...(get("displayName") ? { displayName: get("displayName") } : {}),
          isDefault: f.get("isDefault") === "on",
          ...(Object.keys(credentials).length ? { credentials } : {}),
        },
      }),
    );
    if (done !== undefined) setFormKey((k) => k + 1);
  }

  return (
    <form key={formKey} onSubmit={onSubmit} className="space-y-4" autoComplete="off">
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Select
          id="account-platform"
          name="platform"
          label="Platform"
          options={platforms.map((p) => ({ value: p, label: PLATFORM_LABELS[p] ?? p }))}
        />
        <Input id="account-platformId" name="platformId" label="Handle" required placeholder="e.g. jane_doe" hint="The account's id on the platform." />
      </div>
      <Input id="account-displayName" name="displayName" label="Display name" optional />
      <Checkbox
        id="account-isDefault"
        name="isDefault"
        label="Default account for this platform"
        hint="Playbooks use the default account first."
      />
      <fieldset className="space-y-3 rounded-md border border-zinc-200 p-4 dark:border-zinc-800">
        <legend className="px-1 text-sm font-medium text-zinc-800 dark:text-zinc-200">
          Credentials <span className="font-normal text-zinc-500 dark:text-zinc-400">(optional, stored encrypted)</span>
        </legend>
        <p className="text-xs text-zinc-500 dark:text-zinc-400">
          Give a username and password, or a token. They are never shown again after saving.
        </p>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <Input id="account-credUsername" name="credUsername" label="Login username" optional autoComplete="off" />
          <Input id="account-credPassword" name="credPassword" label="Password" type="password" optional autoComplete="new-password" />
        </div>
        <Input id="account-credToken" name="credToken" label="Token" type="password" optional autoComplete="off" hint="On the federated platform: an access token of the account." />
        <Input
          id="account-credInstanceUrl"
          name="credInstanceUrl"
          label="Instance URL"
          type="url"
          optional
          placeholder="https://social.example"
          hint="Federated platform only: the server the account lives on."
        />
      </fieldset>
      <InlineError message={error} />
      <Button type="submit" pending={pending}>
        Add account
      </Button>
    </form>
  );
}
