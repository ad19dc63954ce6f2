// POST /api/drafts/[id]/regenerate - ask the draft-regenerator to rewrite a draft, with an optional hint (session)
import { z } from "zod";
import { withOrg } from "@/lib/http/with-org";
import { ZId } from "@/lib/http/fields";
import { ZRegenerateBody } from "@/lib/drafts/schemas";
import { userActor } from "@/lib/drafts/actor";
import { requestRegeneration } from "@/lib/drafts/request-regeneration";

// 202 {draft, runId}: the draft shows "regenerating" until the run finishes; 422 runner_unavailable.
export const POST = withOrg({ params: z.object({ id: ZId }), body: ZRegenerateBody }, async (ctx) => {
  const { draft, runId } = await requestRegeneration({ orgId: ctx.orgId, id: ctx.params.id, hint: ctx.body.hint, actor: userActor(ctx) });
  return Response.json({ draft, runId }, { status: 202 });
});
