// GET /api/webhooks/endpoints: the organization's endpoints, oldest first (the first one is the spec's single URL), each
// with its delivery counts by status.
import { db } from "@/lib/db/client";
import { endpointSelect, toEndpointView } from "@/lib/webhooks/endpoint-view";

export async function listEndpoints({ orgId }: { orgId: number }) {
  const rows = await db.webhookEndpoint.findMany({ where: { organizationId: orgId }, orderBy: { id: "asc" }, select: endpointSelect });
  const counts = await db.webhookDelivery.groupBy({
    by: ["endpointId", "status"],
    where: { organizationId: orgId, endpointId: { in: rows.map((r) => r.id) } },
    _count: { _all: true },
  });
  return rows.map((r) => ({
    ...toEndpointView(r),
    deliveries: Object.fromEntries(counts.filter((c) => c.endpointId === r.id).map((c) => [c.status, c._count._all])) as Partial<Record<"pending" | "delivered" | "dead", number>>,
  }));
}
