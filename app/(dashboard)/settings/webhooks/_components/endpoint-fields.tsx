"use client";

// The fields an endpoint is made of, shared by "Add endpoint" and Edit: the URL, a description, and the event types it
// receives (none checked: every type, including types added later): the notification kinds and the webhook-only draft
// decisions.
import { ApiError } from "@/app/_components/api-fetch";
import { Checkbox, Input } from "@/app/_components/input";
import { KIND_LOOK } from "@/app/(dashboard)/notifications/_components/kind-icon";
import { NOTIFICATION_KINDS } from "@/lib/notifications/schemas";
import { DRAFT_EVENT_LABELS, DRAFT_EVENT_TYPES, type WebhookEventType } from "@/lib/webhooks/event-types";

export type EndpointDraft = { url: string; description: string; eventTypes: WebhookEventType[] };

/** What Settings calls an event type. */
export function eventTypeLabel(type: string): string {
  return (KIND_LOOK as Record<string, { label: string } | undefined>)[type]?.label ?? (DRAFT_EVENT_LABELS as Record<string, string | undefined>)[type] ?? type;
}

export const EMPTY_DRAFT: EndpointDraft = { url: "", description: "", eventTypes: [] };

type Props = {
  idPrefix: string;
  value: EndpointDraft;
  onChange: (next: EndpointDraft) => void;
  urlError?: string | null;
  disabled?: boolean;
};

export function EndpointFields({ idPrefix, value, onChange, urlError, disabled }: Props) {
  const toggle = (kind: WebhookEventType, on: boolean) =>
    onChange({ ...value, eventTypes: on ? [...value.eventTypes, kind] : value.eventTypes.filter((k) => k !== kind) });
  return (
    <div className="space-y-4">
      <Input
        id={`${idPrefix}-url`}
        label="Endpoint URL"
        type="url"
        inputMode="url"
        required
        placeholder="https://example.com/hooks/outreach"
        value={value.url}
        onChange={(e) => onChange({ ...value, url: e.target.value })}
        error={urlError}
        hint="Deliveries are POSTed here. Only http and https; private and loopback addresses are refused unless the server allows them."
        disabled={disabled}
        autoComplete="off"
        spellCheck={false}
      />
      <Input
        id={`${idPrefix}-description`}
        label="Description"
        optional
        maxLength={200}
        placeholder="Slack relay, CRM sync…"
        value={value.description}
        onChange={(e) => onChange({ ...value, description: e.target.value })}
        disabled={disabled}
      />
      <fieldset className="space-y-2" disabled={disabled}>
        <legend className="text-sm font-medium text-zinc-800 dark:text-zinc-200">Events</legend>
        <p className="text-xs text-zinc-500 dark:text-zinc-400">Leave every box unchecked to receive all events, including events added later.</p>
        <div className="grid grid-cols-1 gap-2 pt-1 sm:grid-cols-2">
          {[...NOTIFICATION_KINDS, ...DRAFT_EVENT_TYPES].map((kind) => (
            <Checkbox
              key={kind}
              id={`${idPrefix}-kind-${kind}`}
              name={`${idPrefix}-kinds`}
              label={eventTypeLabel(kind)}
              hint={<code className="font-mono">{kind}</code>}
              checked={value.eventTypes.includes(kind)}
              onChange={(e) => toggle(kind, e.target.checked)}
            />
          ))}
        </div>
        <p className="text-xs text-zinc-500 dark:text-zinc-400">
          Draft approved, rejected and sent are sent to webhooks only (one per decision, for a CRM or a sheet); they do not appear in the bell.
        </p>
      </fieldset>
    </div>
  );
}

/** The message for the URL field when the API refused it (400 with zod issues), else null. */
export function urlErrorOf(err: unknown): string | null {
  if (!(err instanceof ApiError) || !err.body || typeof err.body !== "object") return null;
  const issues = (err.body as { issues?: Array<{ path: string; message: string }> }).issues ?? [];
  return issues.find((i) => i.path === "url")?.message ?? null;
}

/** The request body for POST and PATCH: an empty description is no description; no kinds checked is every kind. */
export function draftBody(d: EndpointDraft) {
  return { url: d.url.trim(), description: d.description.trim() || null, eventTypes: d.eventTypes };
}
