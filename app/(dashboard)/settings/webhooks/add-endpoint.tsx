"use client";

import { useState, type FormEvent } from "react";
import { apiFetch } from "@/app/_components/api-fetch";
import { Button } from "@/app/_components/button";
import { InlineError } from "@/app/_components/inline-error";
import { useMutation } from "@/app/_components/use-mutation";
import { draftBody, EMPTY_DRAFT, EndpointFields, urlErrorOf, type EndpointDraft } from "./_components/endpoint-fields";
import { SecretPanel } from "@/app/_components/secret-panel";

/** POST /api/webhooks/endpoints. The answer holds the endpoint's signing secret, shown here once. */
export function AddEndpoint() {
  const { pending, error, setError, run } = useMutation();
  const [draft, setDraft] = useState<EndpointDraft>(EMPTY_DRAFT);
  const [urlError, setUrlError] = useState<string | null>(null);
  const [created, setCreated] = useState<{ webhookId: string; secret: string } | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setUrlError(null);
    let failure: unknown = null;
    const res = await run(async () => {
      try {
        return await apiFetch<{ endpoint: { webhookId: string }; secret: string }>("/api/webhooks/endpoints", { method: "POST", body: draftBody(draft) });
      } catch (err) {
        failure = err;
        throw err;
      }
    });
    if (res) {
      setCreated({ webhookId: res.endpoint.webhookId, secret: res.secret });
      setDraft(EMPTY_DRAFT);
    } else {
      const field = urlErrorOf(failure);
      if (field) {
        setUrlError(field);
        setError(null);
      }
    }
  }

  return (
    <div className="space-y-4">
      {created ? (
        <SecretPanel
          secret={created.secret}
          title={
            <>
              Endpoint <code className="font-mono">{created.webhookId}</code> added. Its signing secret:
            </>
          }
          onDismiss={() => setCreated(null)}
        >
          Copy it now and give it to your receiver: <strong>you will not see it again</strong> once you leave or reload this page. (An admin
          can Reveal it later, or Rotate it if it leaks.)
        </SecretPanel>
      ) : null}
      <form onSubmit={submit} className="space-y-4" aria-label="Add endpoint" noValidate>
        <EndpointFields idPrefix="new-endpoint" value={draft} onChange={setDraft} urlError={urlError} disabled={pending} />
        <InlineError message={error} />
        <Button type="submit" pending={pending} disabled={!draft.url.trim()}>
          Add endpoint
        </Button>
      </form>
    </div>
  );
}
