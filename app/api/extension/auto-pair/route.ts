// POST (and GET) /api/extension/auto-pair - mint a fresh device token for the dashboard tab's organization (session
// cookie, or the default organization with sign-in off). GET exists because SPEC 5.5 describes the flow with it.
// Another site's page must not be able to add devices (a GET is one <img> away), so only the dashboard's own tab may
// call it.
import { withOrg } from "@/lib/http/with-org";
import { assertSameOrigin } from "@/lib/http/assert-same-origin";
import { ZAutoPairBody, ZAutoPairQuery } from "@/lib/extension/schemas";
import { pairCurrentSession } from "@/lib/extension/pair-current-session";

// The wrapper refuses a POST from another site's page (as every cookie write); a GET needs the check here.
export const POST = withOrg({ apiKeys: false, body: ZAutoPairBody }, async ({ orgId, userId, body }) =>
  Response.json(await pairCurrentSession({ orgId, userId, name: body.name }), { status: 201 }),
);

export const GET = withOrg({ apiKeys: false, query: ZAutoPairQuery }, async ({ req, orgId, userId, query }) => {
  assertSameOrigin(req, "Pairing");
  return Response.json(await pairCurrentSession({ orgId, userId, name: query.name }), { status: 201 });
});
