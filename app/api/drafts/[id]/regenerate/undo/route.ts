// POST /api/drafts/[id]/regenerate/undo - restore the body the last regeneration replaced (session)
import { z } from "zod";
import { withOrg } from "@/lib/http/with-org";
import { ZId } from "@/lib/http/fields";
import { ZUndoBody } from "@/lib/drafts/schemas";
import { userActor } from "@/lib/drafts/actor";
import { undoRegeneration } from "@/lib/drafts/undo-regeneration";

export const POST = withOrg({ params: z.object({ id: ZId }), body: ZUndoBody }, async (ctx) =>
  Response.json(await undoRegeneration({ orgId: ctx.orgId, id: ctx.params.id, version: ctx.body.version, actor: userActor(ctx) })),
);
