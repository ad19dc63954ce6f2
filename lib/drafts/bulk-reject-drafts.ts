import type { DraftActor } from "@/lib/drafts/actor";
import { db } from "@/lib/db/client";
import { changeDraft } from "@/lib/drafts/change-draft";
import { forEachId, type BulkResult } from "@/lib/drafts/bulk-results";
import type { BulkTargetBody } from "@/lib/drafts/schemas";
import { bulkAnswer, resolveBulkTarget } from "@/lib/drafts/resolve-bulk-target";

/**
 * POST /api/drafts/bulk-reject: `rejected`, or `skipped` for drafts the state table does not let go (sent, replied,
 * already rejected) or that left the state they were selected in. The reason goes on each draft's `rejected` event, as a single reject's does.
 */
export async function bulkRejectDrafts(
  { orgId, target, reason, actor }: { orgId: number; target: BulkTargetBody; reason?: string; actor: DraftActor },
): Promise<{ results: BulkResult[]; truncated?: boolean }> {
  const drafts = await resolveBulkTarget({ orgId, target });
  const details = () => (reason ? { reason } : {});
  return bulkAnswer(
    drafts,
    await forEachId(drafts.ids, "rejected", (id) => db.$transaction((tx) => changeDraft(tx, { orgId, id, actor, expectStates: drafts.states, action: "reject", event: "rejected", details }))),
  );
}
