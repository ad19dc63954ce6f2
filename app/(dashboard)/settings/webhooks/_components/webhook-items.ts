// Endpoints and deliveries as the Settings > Webhooks pages hand them to their client components: dates as ISO strings,
// the same shape whether the server rendered them or the API answered (JSON), so both paths share one type.
import type { listEndpoints } from "@/lib/webhooks/list-endpoints";
import type { toDeliveryView } from "@/lib/webhooks/delivery-view";
import { endpointHost } from "./endpoint-title";
import { formatDayTime } from "@/lib/format/date-time";

export type DeliveryStatus = "pending" | "delivered" | "dead";

export type EndpointItem = {
  id: number;
  /** The host only: the whole URL never reaches the page (see endpoint-url.tsx). */
  host: string;
  webhookId: string;
  description: string | null;
  eventTypes: string[];
  enabled: boolean;
  disabledReason: string | null;
  secretPrefix: string;
  previousSecretActiveUntil: string | null;
  createdAt: string;
  deliveries: Partial<Record<DeliveryStatus, number>>;
};

export type DeliveryItem = {
  id: number;
  endpointId: number;
  notificationId: number | null;
  eventType: string;
  messageId: string;
  status: DeliveryStatus;
  attempts: number;
  maxAttempts: number;
  lastError: string | null;
  lastStatus: number | null;
  nextAttemptAt: string | null;
  deliveredAt: string | null;
  replayOfId: number | null;
  createdAt: string;
  inFlight: boolean;
};

const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());

export function toEndpointItem(e: Awaited<ReturnType<typeof listEndpoints>>[number]): EndpointItem {
  return {
    id: e.id,
    host: endpointHost(e.url),
    webhookId: e.webhookId,
    description: e.description,
    eventTypes: e.eventTypes,
    enabled: e.enabled,
    disabledReason: e.disabledReason,
    secretPrefix: e.secretPrefix,
    previousSecretActiveUntil: iso(e.previousSecretActiveUntil),
    createdAt: iso(e.createdAt)!,
    deliveries: e.deliveries,
  };
}

export function toDeliveryItem(d: ReturnType<typeof toDeliveryView>): DeliveryItem {
  return {
    id: d.id,
    endpointId: d.endpointId,
    notificationId: d.notificationId,
    eventType: d.eventType,
    messageId: d.messageId,
    status: d.status,
    attempts: d.attempts,
    maxAttempts: d.maxAttempts,
    lastError: d.lastError,
    lastStatus: d.lastStatus,
    nextAttemptAt: iso(d.nextAttemptAt),
    deliveredAt: iso(d.deliveredAt),
    replayOfId: d.replayOfId,
    createdAt: iso(d.createdAt)!,
    inFlight: d.inFlight,
  };
}

// The log's columns are narrow: day and 24-hour time in UTC, the full date in the cell's title.
export function formatShortUtc(iso: string): string {
  return formatDayTime(iso, "UTC");
}
