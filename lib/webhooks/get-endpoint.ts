// One endpoint of the organization; another organization's reads exactly like a missing one.
import { db } from "@/lib/db/client";
import { foundOrThrow } from "@/lib/http/errors";
import { endpointSelect, toEndpointView } from "@/lib/webhooks/endpoint-view";

export async function getEndpointOrThrow({ orgId, id }: { orgId: number; id: number }) {
  const row = await db.webhookEndpoint.findFirst({ where: { id, organizationId: orgId }, select: endpointSelect });
  return toEndpointView(foundOrThrow("Webhook endpoint", id, row));
}
