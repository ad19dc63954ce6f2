// An endpoint's delivery log, newest first, in keyset pages by id, optionally one status.
import { db } from "@/lib/db/client";
import { deliverySelect, toDeliveryView } from "@/lib/webhooks/delivery-view";
import { getEndpointOrThrow } from "@/lib/webhooks/get-endpoint";

export async function listDeliveries({ orgId, endpointId, status, cursor, limit = 50 }: { orgId: number; endpointId: number; status?: "pending" | "delivered" | "dead"; cursor?: number; limit?: number }) {
  await getEndpointOrThrow({ orgId, id: endpointId });
  const rows = await db.webhookDelivery.findMany({
    where: { organizationId: orgId, endpointId, ...(status ? { status } : {}), ...(cursor ? { id: { lt: cursor } } : {}) },
    orderBy: { id: "desc" },
    take: limit + 1,
    select: deliverySelect,
  });
  const page = rows.slice(0, limit);
  return { deliveries: page.map((r) => toDeliveryView(r)), nextCursor: rows.length > limit ? (page.at(-1)?.id ?? null) : null };
}
