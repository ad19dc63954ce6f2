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
