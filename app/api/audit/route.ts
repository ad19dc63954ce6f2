// GET /api/audit - draft events and run events in one feed, newest first, keyset pages on (created_at, id); filters
// event, draft, run, actor, from, to, kind (session)
import { withOrg } from "@/lib/http/with-org";
import { ZAuditQuery } from "@/lib/audit/schemas";
import { listAudit } from "@/lib/audit/list-audit";

export const GET = withOrg({ query: ZAuditQuery }, async ({ orgId, query }) => Response.json(await listAudit({ orgId, query })));
