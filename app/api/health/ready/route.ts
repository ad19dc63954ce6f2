// GET /api/health/ready - whether a load balancer should send this instance traffic (public: 200, or 503 naming the
// failing checks; nothing else). Not wrapped in withPublic: probes come every second or two and would fill the
// request log; there is no input to parse.
import { checkReadiness } from "@/lib/health/check-readiness";

export const dynamic = "force-dynamic";

export async function GET(): Promise<Response> {
  const { ready, checks, failing } = await checkReadiness();
  const headers = { "cache-control": "no-store" };
  if (ready) return Response.json({ status: "ready", checks }, { headers });
  return Response.json({ error: "not_ready", message: `Not ready: ${failing.join(", ")}`, failing, checks }, { status: 503, headers });
}
