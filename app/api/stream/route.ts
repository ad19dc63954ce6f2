// GET /api/stream - Server-Sent Events of the caller's organization (session or API key; SPEC section 6)
import { withOrg } from "@/lib/http/with-org";
import { openEventStream, SSE_HEADERS } from "@/lib/events/open-event-stream";
import { streamAccessCheck } from "@/lib/events/stream-access";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// A stream ends at its next keep-alive once what let it open no longer holds: the session was signed out or its user
// left the organization, or the API key was revoked or expired.
export const GET = withOrg({}, async ({ req, ...caller }) =>
  new Response(openEventStream(caller.orgId, req.signal, { stillAllowed: streamAccessCheck(req, caller) }), { headers: SSE_HEADERS }),
);
