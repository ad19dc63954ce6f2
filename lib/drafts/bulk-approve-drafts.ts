import type { DraftActor } from "@/lib/drafts/actor";
import { approveDraft } from "@/lib/drafts/approve-draft";
import { forEachId, type BulkResult } from "@/lib/drafts/bulk-results";

/** POST /api/drafts/bulk-approve: `approved`, or `skipped` with the reason the state table gave. */
export async function bulkApproveDrafts({ orgId, ids, actor }: { orgId: number; ids: number[]; actor: DraftActor }): Promise<{ results: BulkResult[] }> {
  return { results: await forEachId(ids, "approved", (id) => approveDraft({ orgId, id, actor })) };
}
