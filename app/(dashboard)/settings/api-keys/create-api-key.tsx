"use client";

import { useState, type FormEvent } from "react";
import { apiFetch } from "@/app/_components/api-fetch";
import { Button } from "@/app/_components/button";
import { InlineError } from "@/app/_components/inline-error";
import { Input } from "@/app/_components/input";
import { SecretPanel } from "@/app/_components/secret-panel";
import { Select } from "@/app/_components/select";
import { useMutation } from "@/app/_components/use-mutation";

const EXPIRY = [
  { value: "30", label: "30 days" },
  { value: "90", label: "90 days" },
  { value: "365", label: "1 year" },
  { value: "never", label: "Never" },
];

export function CreateApiKey() {
  const { pending, error, run } = useMutation();
  const [key, setKey] = useState<string | null>(null);

  async function create(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const expiry = String(form.get("expiry") ?? "90");
    const made = await run(() =>
      apiFetch<{ key: string }>("/api/api-keys", {
        method: "POST",
        body: { name: String(form.get("name") ?? ""), role: String(form.get("role") ?? "read_only"), expiresInDays: expiry === "never" ? null : Number(expiry) },
      }),
    );
    if (made) setKey(made.key);
  }

  if (key) {
    return (
      <SecretPanel secret={key} label="API key" title="API key" onDismiss={() => setKey(null)}>
        Copy it now: it is shown only once. Send it as <code className="font-mono">Authorization: Bearer</code> with each request.
      </SecretPanel>
    );
  }
  return (
    <form onSubmit={create} className="space-y-3">
      <Input id="api-key-name" name="name" label="Name" placeholder="nightly report" hint="What uses it, to recognise it later." required maxLength={80} />
      <Select
        id="api-key-role"
        name="role"
        label="Access"
        defaultValue="read_only"
        options={[
          { value: "read_only", label: "Read-only: lists and reads" },
          { value: "member", label: "Member: also approves, edits and starts runs" },
        ]}
      />
      <Select id="api-key-expiry" name="expiry" label="Expires after" defaultValue="90" options={EXPIRY} />
      <InlineError message={error} />
      <Button type="submit" pending={pending}>
        Create key
      </Button>
    </form>
  );
}
