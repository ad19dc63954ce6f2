// POST /api/extension/draft/[id]/armed - the draft's compose page opened on the platform: flip to armed (bearer)
import { withDevice } from "@/lib/http/with-device";
import { ZDraftIdParams, ZDraftVersionBody } from "@/lib/extension/schemas";
import { armExtensionDraft } from "@/lib/extension/arm-extension-draft";

export const POST = withDevice({ params: ZDraftIdParams, body: ZDraftVersionBody }, async ({ orgId, deviceId, params, body }) =>
  Response.json(await armExtensionDraft({ orgId, deviceId, id: params.id, version: body.version })),
);
