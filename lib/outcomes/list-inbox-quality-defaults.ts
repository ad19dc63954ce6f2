// The campaigns' inbox quality defaults, for the inbox page (applied when it is filtered to one campaign).
import { db } from "@/lib/db/client";

export async function listInboxQualityDefaults({ orgId }: { orgId: number }): Promise<Record<number, number>> {
  const rows = await db.campaign.findMany({ where: { organizationId: orgId, inboxMinQuality: { not: null } }, select: { id: true, inboxMinQuality: true } });
  return Object.fromEntries(rows.map((r) => [r.id, r.inboxMinQuality!]));
}
