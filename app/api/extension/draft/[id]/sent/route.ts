// POST /api/extension/draft/[id]/sent - the user submitted the draft on the platform: flip to sent through the shared
// send function, optimistic-locked (409 {"error":"version_conflict","current_version":N}) (bearer)
import { withDevice } from "@/lib/http/with-device";
import { ZDraftIdParams, ZDraftSentBody } from "@/lib/extension/schemas";
import { markDraftSent } from "@/lib/extension/mark-draft-sent";

export const POST = withDevice({ params: ZDraftIdParams, body: ZDraftSentBody }, async ({ orgId, deviceId, params, body }) =>
  Response.json(await markDraftSent({ orgId, deviceId, id: params.id, version: body.version, permalink: body.permalink })),
);
