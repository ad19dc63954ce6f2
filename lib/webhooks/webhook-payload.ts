// The body posted to receivers (docs/webhooks.md): the notification as `{id, type, created_at, organization_id, data}`.
// It is built once, when the delivery is enqueued, so every attempt and replay sends the same bytes.
import type { NotificationData } from "@/lib/notifications/schemas";

export interface WebhookPayload {
  id: string;
  type: string;
  created_at: string;
  organization_id: number;
  data: NotificationData | Record<string, unknown>;
}

export function notificationPayload(n: { orgId: number; notificationId: number; kind: string; createdAt: Date; data: NotificationData }): WebhookPayload {
  return { id: `ntf_${n.notificationId}`, type: n.kind, created_at: n.createdAt.toISOString(), organization_id: n.orgId, data: n.data };
}

/** The webhook-id header of a notification's message: one per notification, shared by its retries and replays. */
export function notificationMessageId(notificationId: number): string {
  return `msg_ntf_${notificationId}`;
}

/**
 * A webhook-only event's body (a draft decision): the same envelope as a notification's, its `id` `evt_<key>`, e.g.
 * `evt_draft_1234` for draft event 1234.
 */
export function eventPayload(e: { orgId: number; type: string; eventKey: string; createdAt: Date; data: Record<string, unknown> }): WebhookPayload {
  return { id: `evt_${e.eventKey}`, type: e.type, created_at: e.createdAt.toISOString(), organization_id: e.orgId, data: e.data };
}

/** The webhook-id header of a webhook-only event: `msg_evt_<key>`, shared by its retries and replays. */
export function eventMessageId(eventKey: string): string {
  return `msg_evt_${eventKey}`;
}
