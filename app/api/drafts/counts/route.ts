// GET /api/drafts/counts - how many drafts each inbox tab holds under the current filters (session)
import { withOrg } from "@/lib/http/with-org";
import { ZDraftFilter } from "@/lib/drafts/schemas";
import { countDrafts } from "@/lib/drafts/count-drafts";

export const GET = withOrg({ query: ZDraftFilter }, async ({ orgId, query }) => Response.json(await countDrafts({ orgId, filter: query })));
