import type { Tx } from "@/lib/db/client";
import type { BlocklistRule } from "@/lib/blocklist/match-blocklist";

/** The organization's global entries plus those of one project (none when the draft has no project). */
export async function loadBlocklistRules(tx: Tx, { orgId, projectId }: { orgId: number; projectId: number | null }): Promise<BlocklistRule[]> {
  return tx.blocklistEntry.findMany({
    where: { organizationId: orgId, OR: [{ projectId: null }, ...(projectId ? [{ projectId }] : [])] },
    select: { id: true, type: true, value: true, projectId: true },
    orderBy: { id: "asc" },
  });
}
