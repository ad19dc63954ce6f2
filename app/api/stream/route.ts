// GET /api/stream - Server-Sent Events of the caller's organization (session; SPEC section 6)
import { withOrg } from "@/lib/http/with-org";
import { openEventStream, SSE_HEADERS } from "@/lib/events/open-event-stream";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withOrg({}, async ({ req, orgId }) => new Response(openEventStream(orgId, req.signal), { headers: SSE_HEADERS }));
