// Reveal (admins): the endpoint's current signing secret, for a receiver that lost it. Rotating is the better answer to
// a leaked secret; this is for setting up a second receiver.
import { db } from "@/lib/db/client";
import { foundOrThrow } from "@/lib/http/errors";
import { openSecret } from "@/lib/webhooks/webhook-secret";

export async function revealEndpointSecret({ orgId, id }: { orgId: number; id: number }) {
  const row = foundOrThrow("Webhook endpoint", id, await db.webhookEndpoint.findFirst({ where: { id, organizationId: orgId }, select: { secretCiphertext: true, secretKeyId: true } }));
  return { id, secret: openSecret(row.secretCiphertext, row.secretKeyId) };
}
