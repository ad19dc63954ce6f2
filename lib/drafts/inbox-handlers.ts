// The inbox's two read routes, shared by their route files (development and tests) and the native path that serves
// them under `next start` (lib/http/serve-json-natively.ts).
import { withOrg } from "@/lib/http/with-org";
import { ZDraftFilter, ZListDraftsQuery } from "@/lib/drafts/schemas";
import { countDrafts } from "@/lib/drafts/count-drafts";
import { listDrafts } from "@/lib/drafts/list-drafts";

/** GET /api/drafts: one page of the list. */
export const handleListDrafts = withOrg({ query: ZListDraftsQuery }, async ({ orgId, query }) => Response.json(await listDrafts({ orgId, query })));

/** GET /api/drafts/counts: the tab counts. */
export const handleCountDrafts = withOrg({ query: ZDraftFilter }, async ({ orgId, query }) => Response.json(await countDrafts({ orgId, filter: query })));
