// GET /api/search - campaigns, projects, playbooks and drafts of the caller's organization by name, for the command palette (session)
import { withOrg } from "@/lib/http/with-org";
import { ZSearchQuery } from "@/lib/search/schemas";
import { searchEverything } from "@/lib/search/search-everything";

export const GET = withOrg({ query: ZSearchQuery }, async ({ orgId, query }) => Response.json(await searchEverything({ orgId, query })));
