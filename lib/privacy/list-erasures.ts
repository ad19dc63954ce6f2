// The organization's erasures, newest first (docs/privacy.md "The record of erasures"): when, by whom, how many rows
// of each kind. They never say who was erased; that is the point.
import { db } from "@/lib/db/client";
import type { ErasureCounts } from "@/lib/privacy/erase-person";

export interface ErasureView {
  id: number;
  at: string;
  by: string | null;
  counts: ErasureCounts;
}

export async function listErasures({ orgId, limit = 50 }: { orgId: number; limit?: number }): Promise<ErasureView[]> {
  const rows = await db.personErasure.findMany({
    where: { organizationId: orgId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit,
    select: { id: true, createdAt: true, actorLabel: true, counts: true },
  });
  return rows.map((r) => ({ id: r.id, at: r.createdAt.toISOString(), by: r.actorLabel, counts: r.counts as unknown as ErasureCounts }));
}
