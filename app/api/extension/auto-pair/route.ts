// POST (and GET) /api/extension/auto-pair - mint a fresh device token for the dashboard tab's organization (session
// cookie, or the default organization with sign-in off). GET exists because SPEC 5.5 describes the flow with it.
import { withOrg } from "@/lib/http/with-org";
import { ZAutoPairBody, ZAutoPairQuery } from "@/lib/extension/schemas";
import { pairCurrentSession } from "@/lib/extension/pair-current-session";

export const POST = withOrg({ body: ZAutoPairBody }, async ({ orgId, userId, body }) =>
  Response.json(await pairCurrentSession({ orgId, userId, name: body.name }), { status: 201 }),
);

export const GET = withOrg({ query: ZAutoPairQuery }, async ({ orgId, userId, query }) =>
  Response.json(await pairCurrentSession({ orgId, userId, name: query.name }), { status: 201 }),
);
