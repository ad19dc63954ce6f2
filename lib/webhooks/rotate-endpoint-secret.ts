// Rotates an endpoint's signing secret. The new secret signs from now on and is answered once; the old one keeps
// signing beside it for ROTATION_OVERLAP_MS, so a receiver can switch over without rejecting a single message.
import { db } from "@/lib/db/client";
import { getEndpointOrThrow } from "@/lib/webhooks/get-endpoint";
import { newWebhookSecret, sealSecret, secretPrefix } from "@/lib/webhooks/webhook-secret";

export const ROTATION_OVERLAP_MS = 24 * 3600_000;

export async function rotateEndpointSecret({ orgId, id, now = new Date() }: { orgId: number; id: number; now?: Date }) {
  await getEndpointOrThrow({ orgId, id });
  const secret = newWebhookSecret();
  const sealed = sealSecret(secret);
  await db.$transaction(async (tx) => {
    const current = await tx.webhookEndpoint.findFirstOrThrow({ where: { id, organizationId: orgId }, select: { secretCiphertext: true, secretKeyId: true } });
    await tx.webhookEndpoint.updateMany({
      where: { id, organizationId: orgId },
      data: {
        secretCiphertext: sealed.ciphertext,
        secretKeyId: sealed.keyId,
        secretPrefix: secretPrefix(secret),
        previousSecretCiphertext: current.secretCiphertext,
        previousSecretKeyId: current.secretKeyId,
        previousSecretExpiresAt: new Date(now.getTime() + ROTATION_OVERLAP_MS),
      },
    });
  });
  return { endpoint: await getEndpointOrThrow({ orgId, id }), secret };
}
