// DELETE /api/api-keys/[id]: the key is refused (401) from the next request on, on every instance.
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/http/errors";
import { apiKeyView } from "@/lib/api-keys/api-key-view";

export async function revokeApiKey({ orgId, id, now = new Date() }: { orgId: number; id: number; now?: Date }) {
  const found = await db.apiKey.findFirst({ where: { id, organizationId: orgId }, select: { revokedAt: true } });
  if (!found) throw notFound("API key");
  const row = await db.apiKey.update({ where: { id }, data: { revokedAt: found.revokedAt ?? now }, include: { createdBy: { select: { username: true } } } });
  return apiKeyView(row, now);
}
