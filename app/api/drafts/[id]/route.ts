// GET/PATCH /api/drafts/[id] - read a draft; edit its body or move it through review, optimistic-locked (session)
import { z } from "zod";
import { withOrg } from "@/lib/http/with-org";
import { ZId } from "@/lib/http/fields";
import { ZPatchDraftBody } from "@/lib/drafts/schemas";
import { userActor } from "@/lib/drafts/actor";
import { getDraftOrThrow } from "@/lib/drafts/get-draft";
import { patchDraft } from "@/lib/drafts/patch-draft";

const ZParams = z.object({ id: ZId });

export const GET = withOrg({ params: ZParams }, async ({ orgId, params }) => Response.json(await getDraftOrThrow({ orgId, id: params.id })));

export const PATCH = withOrg({ params: ZParams, body: ZPatchDraftBody }, async (ctx) =>
  Response.json(await patchDraft({ orgId: ctx.orgId, id: ctx.params.id, actor: userActor(ctx), patch: ctx.body })),
);
