// GET /api/stream - Server-Sent Events of the caller's organization (session; SPEC section 6)
import { withOrg } from "@/lib/http/with-org";
import { openEventStream, SSE_HEADERS } from "@/lib/events/open-event-stream";
import { isMember } from "@/lib/members/is-member";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// A signed-in stream ends once its user no longer belongs to the organization (left, removed, or it was deleted).
export const GET = withOrg({}, async ({ req, orgId, userId }) => {
  const stillAllowed = userId === null ? undefined : () => isMember({ orgId, userId });
  return new Response(openEventStream(orgId, req.signal, { stillAllowed }), { headers: SSE_HEADERS });
});
