"use client";

// The fields an endpoint is made of, shared by "Add endpoint" and Edit: the URL, a description, and the notification
// kinds it receives (none checked: every kind, including kinds added later).
import { ApiError } from "@/app/_components/api-fetch";
import { Checkbox, Input } from "@/app/_components/input";
import { KIND_LOOK } from "@/app/(dashboard)/notifications/_components/kind-icon";
import { NOTIFICATION_KINDS, type NotificationKind } from "@/lib/notifications/schemas";

export type EndpointDraft = { url: string; description: string; eventTypes: NotificationKind[] };

export const EMPTY_DRAFT: EndpointDraft = { url: "", description: "", eventTypes: [] };

type Props = {
  idPrefix: string;
  value: EndpointDraft;
  onChange: (next: EndpointDraft) => void;
  urlError?: string | null;
  disabled?: boolean;
};

export function EndpointFields({ idPrefix, value, onChange, urlError, disabled }: Props) {
  const toggle = (kind: NotificationKind, on: boolean) =>
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
        <p className="text-xs text-zinc-500 dark:text-zinc-400">Leave every box unchecked to receive all kinds, including kinds added later.</p>
        <div className="grid grid-cols-1 gap-2 pt-1 sm:grid-cols-2">
          {NOTIFICATION_KINDS.map((kind) => (
            <Checkbox
              key={kind}
              id={`${idPrefix}-kind-${kind}`}
              name={`${idPrefix}-kinds`}
              label={KIND_LOOK[kind].label}
              hint={<code className="font-mono">{kind}</code>}
              checked={value.eventTypes.includes(kind)}
              onChange={(e) => toggle(kind, e.target.checked)}
            />
          ))}
        </div>
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
