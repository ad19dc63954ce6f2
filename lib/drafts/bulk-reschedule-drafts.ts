import type { DraftActor } from "@/lib/drafts/actor";
import { rescheduleDraft } from "@/lib/drafts/reschedule-draft";
import { forEachId, type BulkResult } from "@/lib/drafts/bulk-results";
import type { BulkTargetBody } from "@/lib/drafts/schemas";
import { bulkAnswer, resolveBulkTarget } from "@/lib/drafts/resolve-bulk-target";

/** POST /api/drafts/bulk-reschedule: `rescheduled`, or `skipped` for drafts already sent or rejected. */
export async function bulkRescheduleDrafts(
  { orgId, target, sendAfter, actor }: { orgId: number; target: BulkTargetBody; sendAfter: Date | null; actor: DraftActor },
): Promise<{ results: BulkResult[]; truncated?: boolean }> {
  const drafts = await resolveBulkTarget({ orgId, target });
  return bulkAnswer(drafts, await forEachId(drafts.ids, "rescheduled", (id) => rescheduleDraft({ orgId, id, actor, sendAfter, expectStates: drafts.states })));
}
