// What an endpoint can subscribe to (docs/webhooks.md "Event types"): the notification kinds (each also in the bell)
// and the draft decisions, which are webhook-only: a CRM sync wants every approval, rejection and send, but a
// person reviewing drafts made those decisions themselves and does not need the bell to repeat each one.
import { NOTIFICATION_KINDS } from "@/lib/notifications/schemas";

export const DRAFT_EVENT_TYPES = ["draft.approved", "draft.rejected", "draft.sent"] as const;
export type DraftEventType = (typeof DRAFT_EVENT_TYPES)[number];

export const WEBHOOK_EVENT_TYPES = [...NOTIFICATION_KINDS, ...DRAFT_EVENT_TYPES] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** How Settings names the draft decisions (the notification kinds have their own look). */
export const DRAFT_EVENT_LABELS: Record<DraftEventType, string> = {
  "draft.approved": "Draft approved",
  "draft.rejected": "Draft rejected",
  "draft.sent": "Draft sent",
};
