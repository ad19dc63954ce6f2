// Edits an endpoint: URL (its webhookId follows), description, event filter, enabled. Re-enabling clears the reason a
// 410 switched it off.
import type { Prisma } from "@/lib/generated/prisma/client";
import { db } from "@/lib/db/client";
import { getEndpointOrThrow } from "@/lib/webhooks/get-endpoint";
import type { EndpointPatch } from "@/lib/webhooks/schemas";
import { webhookIdFor } from "@/lib/webhooks/webhook-id";
import { assertDestinationAllowed } from "@/lib/webhooks/assert-destination-allowed";

export async function updateEndpoint({ orgId, id, patch }: { orgId: number; id: number; patch: EndpointPatch }) {
  await getEndpointOrThrow({ orgId, id });
  if (patch.url !== undefined) assertDestinationAllowed(patch.url);
  const data: Prisma.WebhookEndpointUpdateManyMutationInput = {
    ...(patch.url !== undefined ? { url: patch.url, webhookId: webhookIdFor(patch.url) } : {}),
    ...(patch.description !== undefined ? { description: patch.description } : {}),
    ...(patch.eventTypes !== undefined ? { eventTypes: patch.eventTypes } : {}),
    ...(patch.enabled !== undefined ? { enabled: patch.enabled, ...(patch.enabled ? { disabledReason: null } : {}) } : {}),
  };
  await db.webhookEndpoint.updateMany({ where: { id, organizationId: orgId }, data });
  return getEndpointOrThrow({ orgId, id });
}
