import { Badge, type BadgeTone } from "@/app/_components/badge";
import type { DeliveryStatus } from "./webhook-items";

const LOOK: Record<DeliveryStatus, { tone: BadgeTone; label: string }> = {
  pending: { tone: "warning", label: "Pending" },
  delivered: { tone: "success", label: "Delivered" },
  dead: { tone: "danger", label: "Dead" },
};

/** A delivery's status as a chip; "Sending" while a worker holds it mid-attempt. */
export function DeliveryStatusBadge({ status, inFlight = false }: { status: DeliveryStatus; inFlight?: boolean }) {
  if (status === "pending" && inFlight) return <Badge tone="primary">Sending</Badge>;
  const look = LOOK[status];
  return <Badge tone={look.tone}>{look.label}</Badge>;
}

export const STATUS_FILTERS: Array<{ key: DeliveryStatus | "all"; label: string }> = [
  { key: "all", label: "All" },
  { key: "pending", label: "Pending" },
  { key: "delivered", label: "Delivered" },
  { key: "dead", label: "Dead" },
];
