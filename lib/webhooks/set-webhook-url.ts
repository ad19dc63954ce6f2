// PUT /api/settings/webhooks (SPEC 4): the organization's single webhook URL, which is its first endpoint. A URL
// creates that endpoint (answering its new secret once) or changes its URL; null or "" disables it, keeping its
// secret and delivery log so turning it back on needs nothing from the receiver.
import { db } from "@/lib/db/client";
import { createEndpoint } from "@/lib/webhooks/create-endpoint";
import { getEndpointOrThrow } from "@/lib/webhooks/get-endpoint";
import { updateEndpoint } from "@/lib/webhooks/update-endpoint";

export async function setWebhookUrl({ orgId, url }: { orgId: number; url: string | null }) {
  const first = await db.webhookEndpoint.findFirst({ where: { organizationId: orgId }, orderBy: { id: "asc" }, select: { id: true } });
  if (!url) {
    if (!first) return { endpoint: null, enabled: false };
    return { endpoint: await updateEndpoint({ orgId, id: first.id, patch: { enabled: false } }), enabled: false };
  }
  if (!first) {
    const created = await createEndpoint({ orgId, input: { url } });
    return { endpoint: created.endpoint, secret: created.secret, enabled: true };
  }
  await updateEndpoint({ orgId, id: first.id, patch: { url, enabled: true } });
  return { endpoint: await getEndpointOrThrow({ orgId, id: first.id }), enabled: true };
}
