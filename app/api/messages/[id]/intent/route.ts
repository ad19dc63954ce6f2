// PUT /api/messages/[id]/intent - a reviewer corrects what an inbound reply means; the correction is kept (session or API key)
import { z } from "zod";
import { withOrg } from "@/lib/http/with-org";
import { ZId } from "@/lib/http/fields";
import { userActor } from "@/lib/drafts/actor";
import { correctReplyIntent } from "@/lib/replies/correct-reply-intent";
import { ZReplyIntentBody } from "@/lib/replies/schemas";

const ZParams = z.object({ id: ZId });

export const PUT = withOrg({ params: ZParams, body: ZReplyIntentBody, role: "member" }, async (ctx) =>
  Response.json(await correctReplyIntent({ orgId: ctx.orgId, messageId: ctx.params.id, intent: ctx.body.intent, actor: userActor(ctx), userId: ctx.userId })),
);
