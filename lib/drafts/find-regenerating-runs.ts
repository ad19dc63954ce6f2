import { db } from "@/lib/db/client";

/** draftId -> id of its draft_regeneration run still in progress. Running runs are few, so this stays cheap. */
export async function findRegeneratingRuns({ orgId, draftIds }: { orgId: number; draftIds: number[] }): Promise<Map<number, number>> {
  const result = new Map<number, number>();
  if (draftIds.length === 0) return result;
  const runs = await db.run.findMany({
    where: { organizationId: orgId, status: "running", kind: "draft_regeneration" },
    select: { id: true, params: true },
  });
  const wanted = new Set(draftIds);
  for (const run of runs) {
    const draftId = (run.params as { draftId?: unknown } | null)?.draftId;
    if (typeof draftId === "number" && wanted.has(draftId)) result.set(draftId, run.id);
  }
  return result;
}
