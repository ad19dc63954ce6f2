"use client";

import { useState, type FormEvent } from "react";
import { apiFetch } from "@/app/_components/api-fetch";
import { Button } from "@/app/_components/button";
import { InlineError } from "@/app/_components/inline-error";
import { Input } from "@/app/_components/input";
import { SecretPanel } from "@/app/_components/secret-panel";
import { useMutation } from "@/app/_components/use-mutation";

export function IssueToken({ relayUrl, signingReady }: { relayUrl: string | null; signingReady: boolean }) {
  const { pending, error, run } = useMutation();
  const [token, setToken] = useState<string | null>(null);

  async function issue(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const made = await run(() =>
      apiFetch<{ token: string }>("/api/cloud-runner/tokens", { method: "POST", body: { name: String(form.get("name") ?? ""), ttlDays: Number(form.get("ttlDays") ?? 90) } }),
    );
    if (made) setToken(made.token);
  }

  if (!signingReady) {
    return <InlineError message="Tokens cannot be issued on this service right now." />;
  }
  if (token) {
    return (
      <SecretPanel secret={token} label="Cloud runner token" title="Cloud runner token" onDismiss={() => setToken(null)}>
        {/* Instructions for the customer's own install, whose settings they hold: the one place a setting is named. */}
        <span data-own-install>
          Copy it now: it is shown only once. On the install that will use it, set
          <code className="mx-1 font-mono">OUTREACH_CLOUD_TOKEN</code>to it
          {relayUrl ? (
            <>
              {" "}and <code className="mx-1 font-mono">OUTREACH_CLOUD_RELAY_URL</code>to <code className="font-mono">{relayUrl}</code>
            </>
          ) : null}
          , then restart it.
        </span>
      </SecretPanel>
    );
  }
  return (
    <form onSubmit={issue} className="space-y-3">
      <Input id="token-name" name="name" label="Name" placeholder="office install" hint="Where it will be used, to recognise it later." required maxLength={80} />
      <Input id="token-ttl" name="ttlDays" label="Valid for (days)" type="number" min={1} max={365} defaultValue={90} required />
      <InlineError message={error} />
      <Button type="submit" pending={pending}>
        Issue token
      </Button>
    </form>
  );
}
