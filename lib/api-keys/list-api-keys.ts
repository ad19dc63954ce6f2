// GET /api/api-keys: the organization's keys, newest first (revoked and expired ones stay listed, marked).
import { db } from "@/lib/db/client";
import { apiKeyView } from "@/lib/api-keys/api-key-view";

export async function listApiKeys({ orgId, now = new Date() }: { orgId: number; now?: Date }) {
  const rows = await db.apiKey.findMany({ where: { organizationId: orgId }, orderBy: { id: "desc" }, take: 200, include: { createdBy: { select: { username: true } } } });
  return rows.map((k) => apiKeyView(k, now));
}
