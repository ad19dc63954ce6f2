// Deletes an endpoint with its delivery log.
import { db } from "@/lib/db/client";
import { getEndpointOrThrow } from "@/lib/webhooks/get-endpoint";

export async function deleteEndpoint({ orgId, id }: { orgId: number; id: number }) {
  await getEndpointOrThrow({ orgId, id });
  await db.webhookEndpoint.deleteMany({ where: { id, organizationId: orgId } });
  return { id, deleted: true };
}
