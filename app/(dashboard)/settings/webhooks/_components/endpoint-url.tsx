"use client";

// An endpoint's address as Settings shows it: the host and the webhook id. The whole URL is not in the page at all
// (neither rendered nor in its data); Reveal URL asks the API for it, as Reveal secret does for the secret, and it is
// gone again on Hide or a reload.
import { useState } from "react";
import { apiFetch, errorMessage } from "@/app/_components/api-fetch";
import { Button } from "@/app/_components/button";

type Props = { endpointId: number; host: string; webhookId: string; showId?: boolean };

export function EndpointUrl({ endpointId, host, webhookId, showId = true }: Props) {
  const [url, setUrl] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function reveal() {
    setPending(true);
    setError(null);
    try {
      setUrl((await apiFetch<{ url: string }>(`/api/webhooks/endpoints/${endpointId}`)).url);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setPending(false);
    }
  }

  return (
    <span className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-zinc-600 dark:text-zinc-300" data-testid="endpoint-url">
      {url ? (
        <code className="font-mono break-all text-zinc-900 dark:text-zinc-100" data-testid="endpoint-url-full">
          {url}
        </code>
      ) : (
        <>
          <span className="font-mono">{host}</span>
          {showId ? (
            <>
              <span aria-hidden="true">·</span>
              <span>
                id <code className="font-mono">{webhookId}</code>
              </span>
            </>
          ) : null}
        </>
      )}
      <Button size="sm" variant="ghost" pending={pending} onClick={url ? () => setUrl(null) : reveal}>
        {url ? "Hide URL" : "Reveal URL"}
      </Button>
      {error ? (
        <span role="alert" className="text-red-600 dark:text-red-400">
          {error}
        </span>
      ) : null}
    </span>
  );
}
