// POST /api/drafts/[id]/regenerate - ask the draft-regenerator to rewrite a draft, with an optional hint (session)
import { z } from "zod";
import { withOrg } from "@/lib/http/with-org";
import { ZId } from "@/lib/http/pipeline";
import { ZRegenerateBody } from "@/lib/drafts/schemas";
import { userActor } from "@/lib/drafts/actor";
import { requestRegeneration } from "@/lib/drafts/request-regeneration";

export const POST = withOrg({ params: z.object({ id: ZId }), body: ZRegenerateBody }, async (ctx) =>
  Response.json(await requestRegeneration({ orgId: ctx.orgId, id: ctx.params.id, hint: ctx.body.hint, actor: userActor(ctx) }), { status: 202 }),
);
