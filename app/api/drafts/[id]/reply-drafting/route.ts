// POST /api/drafts/[id]/reply-drafting - start a new drafting run for a reply whose drafting run failed (session)
import { z } from "zod";
import { withOrg } from "@/lib/http/with-org";
import { ZId } from "@/lib/http/fields";
import { userActor } from "@/lib/drafts/actor";
import { ZRetryReplyDraftingBody } from "@/lib/replies/schemas";
import { retryReplyDrafting } from "@/lib/replies/retry-reply-drafting";

// 202 {runId}; 409 while a drafting run is alive or when the reply is no placeholder; 422 runner_unavailable.
export const POST = withOrg({ params: z.object({ id: ZId }), body: ZRetryReplyDraftingBody }, async (ctx) => {
  const { runId } = await retryReplyDrafting({ orgId: ctx.orgId, id: ctx.params.id, actor: userActor(ctx) });
  return Response.json({ runId }, { status: 202 });
});
