import type { DraftActor } from "@/lib/drafts/actor";
import { db } from "@/lib/db/client";
import { commitApproval } from "@/lib/drafts/approve-draft";
import { forEachId, type BulkResult } from "@/lib/drafts/bulk-results";

/** POST /api/drafts/bulk-approve (the results carry statuses only, so no draft is re-read): `approved`, or `skipped` with the reason the state table gave. */
export async function bulkApproveDrafts({ orgId, ids, actor }: { orgId: number; ids: number[]; actor: DraftActor }): Promise<{ results: BulkResult[] }> {
  return { results: await forEachId(ids, "approved", (id) => db.$transaction((tx) => commitApproval(tx, { orgId, id, actor }))) };
}
