"use client";

// The dialogs of one endpoint card: Edit, and the three that need a real confirmation (Delete, Reveal secret,
// Rotate secret). Each says what will happen, naming the endpoint, before anything is sent.
import { useRouter } from "next/navigation";
import { useEffect, useId, useState, type FormEvent } from "react";
import { apiFetch, errorMessage } from "@/app/_components/api-fetch";
import { Button } from "@/app/_components/button";
import { Dialog } from "@/app/_components/dialog";
import { formatDateTime } from "@/app/_components/format";
import { InlineError } from "@/app/_components/inline-error";
import { useMutation } from "@/app/_components/use-mutation";
import type { WebhookEventType } from "@/lib/webhooks/event-types";
import { draftBody, EndpointFields, urlErrorOf, type EndpointDraft } from "./_components/endpoint-fields";
import type { EndpointItem } from "./_components/webhook-items";

type DialogProps = { endpoint: EndpointItem; open: boolean; onClose: () => void };

export function EditEndpointDialog({ endpoint, open, onClose }: DialogProps) {
  const formId = useId();
  const { pending, error, setError, run } = useMutation();
  const [draft, setDraft] = useState<EndpointDraft>(() => toDraft(endpoint));
  const [urlError, setUrlError] = useState<string | null>(null);
  // The page holds only the endpoint's host; editing is an explicit act, so the dialog asks for the whole URL.
  const [urlLoaded, setUrlLoaded] = useState(false);
  useEffect(() => {
    let live = true;
    apiFetch<{ url: string }>(`/api/webhooks/endpoints/${endpoint.id}`)
      .then((e) => {
        if (!live) return;
        setDraft((d) => ({ ...d, url: e.url }));
        setUrlLoaded(true);
      })
      .catch((err: unknown) => live && setError(errorMessage(err)));
    return () => {
      live = false;
    };
  }, [endpoint.id, setError]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setUrlError(null);
    let failure: unknown = null;
    const ok = await run(() =>
      apiFetch(`/api/webhooks/endpoints/${endpoint.id}`, { method: "PATCH", body: draftBody(draft) }).catch((err: unknown) => {
        failure = err;
        throw err;
      }),
    );
    if (ok) {
      onClose();
      return;
    }
    const field = urlErrorOf(failure);
    if (field) {
      setUrlError(field);
      setError(null);
    }
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={
        <>
          Edit endpoint <code className="font-mono text-sm">{endpoint.webhookId}</code>
        </>
      }
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} pending={pending} disabled={!urlLoaded || !draft.url.trim()}>
            Save changes
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="mt-3 space-y-3">
        <EndpointFields idPrefix={`edit-${endpoint.id}`} value={draft} onChange={setDraft} urlError={urlError} disabled={pending || !urlLoaded} />
        <p className="text-xs text-zinc-500 dark:text-zinc-400">A new URL gets a new webhook id; the signing secret stays the same.</p>
        <InlineError message={error} />
      </form>
    </Dialog>
  );
}

function toDraft(e: EndpointItem): EndpointDraft {
  return { url: "", description: e.description ?? "", eventTypes: e.eventTypes as WebhookEventType[] };
}

export function DeleteEndpointDialog({ endpoint, open, onClose }: DialogProps) {
  const { pending, error, run } = useMutation();
  const total = Object.values(endpoint.deliveries).reduce((a, b) => a + (b ?? 0), 0);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={
        <>
          Delete endpoint <code className="font-mono text-sm">{endpoint.webhookId}</code>?
        </>
      }
      actions={
        <>
          <Button variant="secondary" onClick={onClose} autoFocus>
            Cancel
          </Button>
          <Button
            variant="danger-solid"
            pending={pending}
            onClick={async () => {
              const ok = await run(() => apiFetch(`/api/webhooks/endpoints/${endpoint.id}`, { method: "DELETE" }));
              if (ok) onClose();
            }}
          >
            Delete endpoint
          </Button>
        </>
      }
    >
      <p>
        Nothing more is sent to <span className="font-mono text-xs break-all text-zinc-900 dark:text-zinc-100">{endpoint.host}</span>
        {endpoint.description ? <> ({endpoint.description})</> : null}. Its signing secret and its delivery log
        {total > 0 ? ` (${total} ${total === 1 ? "delivery" : "deliveries"})` : ""} are deleted with it, and pending deliveries are dropped.
      </p>
      <p className="mt-2 font-medium text-zinc-800 dark:text-zinc-200">This cannot be undone.</p>
      <InlineError message={error} className="mt-3" />
    </Dialog>
  );
}

type SecretDialogProps = DialogProps & { onSecret: (secret: string) => void };

export function RevealSecretDialog({ endpoint, open, onClose, onSecret }: SecretDialogProps) {
  const { pending, error, run } = useMutation();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={
        <>
          Reveal the signing secret of <code className="font-mono text-sm">{endpoint.webhookId}</code>?
        </>
      }
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button
            pending={pending}
            onClick={async () => {
              const res = await run(() => apiFetch<{ secret: string }>(`/api/webhooks/endpoints/${endpoint.id}/secret`), { refresh: false });
              if (res) {
                onSecret(res.secret);
                onClose();
              }
            }}
          >
            Reveal secret
          </Button>
        </>
      }
    >
      <p>
        Anyone who has this secret can sign messages your receiver will accept as ours. Reveal it to set up a receiver, on a screen
        nobody else is reading.
      </p>
      <p className="mt-2">If you think it has leaked, rotate it instead.</p>
      <InlineError message={error} className="mt-3" />
    </Dialog>
  );
}

export function RotateSecretDialog({ endpoint, open, onClose, onSecret }: SecretDialogProps) {
  const router = useRouter();
  const { pending, error, run } = useMutation();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={
        <>
          Rotate the signing secret of <code className="font-mono text-sm">{endpoint.webhookId}</code>?
        </>
      }
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button
            pending={pending}
            onClick={async () => {
              const res = await run(() => apiFetch<{ secret: string }>(`/api/webhooks/endpoints/${endpoint.id}/rotate-secret`, { method: "POST" }), {
                refresh: false,
              });
              if (res) {
                onSecret(res.secret);
                onClose();
                router.refresh();
              }
            }}
          >
            Rotate secret
          </Button>
        </>
      }
    >
      <p>A new secret is made and signs every delivery from now on. You will see it once, right after this.</p>
      <p className="mt-2">
        For the next <strong className="font-semibold text-zinc-900 dark:text-zinc-100">24 hours</strong> the current secret (
        <code className="font-mono text-xs">{endpoint.secretPrefix}…</code>) keeps signing too: every delivery carries both
        signatures, so your receiver goes on accepting them while you switch it to the new secret. After that only the new one signs.
      </p>
      {endpoint.previousSecretActiveUntil ? (
        <p className="mt-2 text-amber-800 dark:text-amber-300">
          The secret replaced by the last rotation (still signing until {formatDateTime(endpoint.previousSecretActiveUntil)}) stops signing at
          once.
        </p>
      ) : null}
      <InlineError message={error} className="mt-3" />
    </Dialog>
  );
}
