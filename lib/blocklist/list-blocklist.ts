import { db } from "@/lib/db/client";
import { blocklistSelect, toBlocklistView } from "@/lib/blocklist/schemas";

export async function listBlocklist({ orgId, projectId }: { orgId: number; projectId?: number }) {
  const rows = await db.blocklistEntry.findMany({
    where: { organizationId: orgId, ...(projectId ? { OR: [{ projectId }, { projectId: null }] } : {}) },
    orderBy: [{ type: "asc" }, { value: "asc" }],
    select: blocklistSelect,
  });
  return rows.map(toBlocklistView);
}
