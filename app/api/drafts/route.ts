// GET /api/drafts - the review inbox list: filters, sorting, keyset pagination (session)
import { withOrg } from "@/lib/http/with-org";
import { ZListDraftsQuery } from "@/lib/drafts/schemas";
import { listDrafts } from "@/lib/drafts/list-drafts";

export const GET = withOrg({ query: ZListDraftsQuery }, async ({ orgId, query }) => Response.json(await listDrafts({ orgId, query })));
