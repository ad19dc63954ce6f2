// POST /api/drafts/[id]/visibility-check - "Check now": look at a sent public post or comment as a signed-out visitor
// and keep the verdict on the draft; an optional permalink tells where it is (session or API key)
import { z } from "zod";
import { withOrg } from "@/lib/http/with-org";
import { ZId } from "@/lib/http/fields";
import { ZVisibilityCheckBody } from "@/lib/removal-checks/schemas";
import { checkDraftNow } from "@/lib/removal-checks/check-draft-now";

// 200 {draft} with draft.removalCheck; 422 when the draft is not a sent public post; 429 {retry_after} when throttled.
export const POST = withOrg({ params: z.object({ id: ZId }), body: ZVisibilityCheckBody }, async ({ orgId, params, body }) =>
  Response.json({ draft: await checkDraftNow({ orgId, id: params.id, permalink: body.permalink }) }),
);
