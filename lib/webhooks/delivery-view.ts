// A delivery as the delivery log shows it: never the endpoint's URL (its webhookId stands in), the body it sends.
export const deliverySelect = {
  id: true, endpointId: true, notificationId: true, webhookId: true, eventType: true, messageId: true, status: true, attempts: true,
  maxAttempts: true, lastError: true, lastStatus: true, nextAttemptAt: true, deliveredAt: true, replayOfId: true, createdAt: true,
  lockedUntil: true,
} as const;

export interface DeliveryRow {
  id: number;
  endpointId: number;
  notificationId: number | null;
  webhookId: string;
  eventType: string;
  messageId: string;
  status: "pending" | "delivered" | "dead";
  attempts: number;
  maxAttempts: number;
  lastError: string | null;
  lastStatus: number | null;
  nextAttemptAt: Date;
  deliveredAt: Date | null;
  replayOfId: number | null;
  createdAt: Date;
  lockedUntil: Date | null;
}

export function toDeliveryView(row: DeliveryRow, now: Date = new Date()) {
  const { lockedUntil, ...rest } = row;
  return {
    ...rest,
    // An attempt is being made right now (claimed, not yet answered).
    inFlight: row.status === "pending" && lockedUntil !== null && lockedUntil > now,
    nextAttemptAt: row.status === "pending" ? row.nextAttemptAt : null,
  };
}
