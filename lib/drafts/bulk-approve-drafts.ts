import type { DraftActor } from "@/lib/drafts/actor";
import { db } from "@/lib/db/client";
import { commitApproval } from "@/lib/drafts/approve-draft";
import { forEachId, type BulkResult } from "@/lib/drafts/bulk-results";
import type { BulkTargetBody } from "@/lib/drafts/schemas";
import { bulkAnswer, resolveBulkTarget } from "@/lib/drafts/resolve-bulk-target";

/** POST /api/drafts/bulk-approve (the results carry statuses only, so no draft is re-read): `approved`, or `skipped` with the reason the state table gave. */
export async function bulkApproveDrafts(
  { orgId, target, actor }: { orgId: number; target: BulkTargetBody; actor: DraftActor },
): Promise<{ results: BulkResult[]; truncated?: boolean }> {
  const drafts = await resolveBulkTarget({ orgId, target });
  return bulkAnswer(drafts, await forEachId(drafts.ids, "approved", (id) => db.$transaction((tx) => commitApproval(tx, { orgId, id, actor, expectStates: drafts.states }))));
}
