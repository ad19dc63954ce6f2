// `outreach federated:post <draftId>`: posts one approved draft of an autoPost campaign now, through the auto-post
// queue, so it never races the job (the same claim, key and record): the operator's way to post without waiting for
// the next tick, or to try a failed auto-post again. The same checks and words as federated_post come first.
import { db } from "@/lib/db/client";
import { AppError, notFound } from "@/lib/http/errors";
import { checkFederatedPost, type FederatedPostResult } from "@/lib/research/post-federated-draft";
import { AUTO_POST_ACTOR } from "@/lib/auto-post/auto-post-policy";
import { unsafeEnqueueAutoPosts } from "@/lib/auto-post/enqueue-auto-posts";
import { unsafeClaimAutoPosts } from "@/lib/auto-post/claim-auto-posts";
import { attemptAutoPost, type AttemptOutcome } from "@/lib/auto-post/attempt-auto-post";

export async function postDraftNow({ orgId, draftId, now = () => new Date() }: { orgId: number; draftId: number; now?: () => Date }): Promise<FederatedPostResult | AttemptOutcome> {
  const draft = await db.draft.findFirst({ where: { id: draftId, organizationId: orgId }, select: { campaignId: true } });
  if (!draft) throw notFound("Draft");
  const done = await checkFederatedPost({ orgId, campaignId: draft.campaignId, draftId, actor: AUTO_POST_ACTOR, now: now() });
  if (done) return done;
  await unsafeEnqueueAutoPosts({ now: now(), orgIds: [orgId], draftIds: [draftId] });
  // A row that failed for this very approval is tried again: the operator asked for it.
  await db.autoPost.updateMany({
    where: { organizationId: orgId, draftId, status: "failed" },
    data: { status: "pending", attempts: 0, firstAttemptAt: null, lastError: null, nextAttemptAt: now() },
  });
  const [row] = await unsafeClaimAutoPosts({ now: now(), orgIds: [orgId], draftId });
  if (!row) throw new AppError("conflict", `Draft ${draftId} is being posted by the auto-post job right now; look again in a minute`);
  return attemptAutoPost(row, now);
}
