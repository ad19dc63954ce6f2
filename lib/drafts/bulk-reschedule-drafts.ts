import type { DraftActor } from "@/lib/drafts/actor";
import { rescheduleDraft } from "@/lib/drafts/reschedule-draft";
import { forEachId, type BulkResult } from "@/lib/drafts/bulk-results";

/** POST /api/drafts/bulk-reschedule: `rescheduled`, or `skipped` for drafts already sent or rejected. */
export async function bulkRescheduleDrafts(
  { orgId, ids, sendAfter, actor }: { orgId: number; ids: number[]; sendAfter: Date | null; actor: DraftActor },
): Promise<{ results: BulkResult[] }> {
  return { results: await forEachId(ids, "rescheduled", (id) => rescheduleDraft({ orgId, id, actor, sendAfter })) };
}
