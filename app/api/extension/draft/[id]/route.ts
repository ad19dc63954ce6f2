// GET /api/extension/draft/[id] - the draft for the compose UI, with its version for the optimistic lock (bearer)
import { withDevice } from "@/lib/http/with-device";
import { ZDraftIdParams } from "@/lib/extension/schemas";
import { getExtensionDraft } from "@/lib/extension/get-extension-draft";

export const GET = withDevice({ params: ZDraftIdParams }, async ({ orgId, params }) => Response.json(await getExtensionDraft({ orgId, id: params.id })));
