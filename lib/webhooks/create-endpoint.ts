// A new webhook endpoint with its own signing secret, which is in this answer and nowhere else afterwards (only admins
// can Reveal it again). At most MAX_ENDPOINTS_PER_ORGANIZATION per organization (lib/webhooks/webhook-limits.ts).
import { db } from "@/lib/db/client";
import { endpointSelect, toEndpointView } from "@/lib/webhooks/endpoint-view";
import type { EndpointInput } from "@/lib/webhooks/schemas";
import { webhookIdFor } from "@/lib/webhooks/webhook-id";
import { assertDestinationAllowed } from "@/lib/webhooks/assert-destination-allowed";
import { newWebhookSecret, sealSecret, secretPrefix } from "@/lib/webhooks/webhook-secret";
import { assertEndpointRoom } from "@/lib/webhooks/webhook-limits";

export async function createEndpoint({ orgId, input }: { orgId: number; input: EndpointInput }) {
  assertDestinationAllowed(input.url);
  const secret = newWebhookSecret();
  const sealed = sealSecret(secret);
  const row = await db.$transaction(async (tx) => {
    await assertEndpointRoom(tx, orgId);
    return tx.webhookEndpoint.create({
      data: {
        organizationId: orgId,
        url: input.url,
        webhookId: webhookIdFor(input.url),
        description: input.description ?? null,
        eventTypes: input.eventTypes ?? [],
        enabled: input.enabled ?? true,
        secretCiphertext: sealed.ciphertext,
        secretKeyId: sealed.keyId,
        secretPrefix: secretPrefix(secret),
      },
      select: endpointSelect,
    });
  });
  return { endpoint: toEndpointView(row), secret };
}
