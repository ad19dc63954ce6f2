// One auto-post tick (docs/research-tools.md "Auto-post", SPEC 1.5: with a campaign's autoPost on, an approved
// federated draft is posted automatically): take up the drafts that became due, then claim due rows and attempt each,
// batch after batch, until none is left. Safe on several instances at once (lib/auto-post/claim-auto-posts.ts).
import type { Logger } from "@/lib/log/logger";
import { unsafeEnqueueAutoPosts } from "@/lib/auto-post/enqueue-auto-posts";
import { unsafeClaimAutoPosts } from "@/lib/auto-post/claim-auto-posts";
import { attemptAutoPost } from "@/lib/auto-post/attempt-auto-post";

export interface PostDueResult {
  enqueued: number;
  claimed: number;
  posted: number;
  retrying: number;
  failed: number;
  /** Held by the account's sending limits until a later time (docs/sending-limits.md). */
  held: number;
}

export async function postDueDrafts({ now, orgIds, log, maxBatches = 50 }: { now: () => Date; orgIds?: number[]; log?: Logger; maxBatches?: number }): Promise<PostDueResult> {
  const result: PostDueResult = { enqueued: await unsafeEnqueueAutoPosts({ now: now(), orgIds }), claimed: 0, posted: 0, retrying: 0, failed: 0, held: 0 };
  for (let n = 0; n < maxBatches; n++) {
    const batch = await unsafeClaimAutoPosts({ now: now(), orgIds });
    if (batch.length === 0) break;
    result.claimed += batch.length;
    const outcomes = await Promise.all(batch.map((row) => attemptAutoPost(row, now)));
    outcomes.forEach((o, i) => {
      if (o.outcome === "lost") log?.warn("auto-post result dropped: the lease had passed", { autoPostId: batch[i]!.id });
      else result[o.outcome] += 1;
      if (o.outcome === "failed") log?.info("auto-post failed", { autoPostId: batch[i]!.id, draftId: batch[i]!.draftId, error: o.error });
    });
  }
  return result;
}
