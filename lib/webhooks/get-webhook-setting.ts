// GET /api/settings/webhooks: the spec's single webhook (the organization's first endpoint), or none.
import { db } from "@/lib/db/client";
import { endpointSelect, toEndpointView } from "@/lib/webhooks/endpoint-view";

export async function getWebhookSetting({ orgId }: { orgId: number }) {
  const first = await db.webhookEndpoint.findFirst({ where: { organizationId: orgId }, orderBy: { id: "asc" }, select: endpointSelect });
  return first ? { url: first.url, enabled: first.enabled, endpoint: toEndpointView(first) } : { url: null, enabled: false, endpoint: null };
}
