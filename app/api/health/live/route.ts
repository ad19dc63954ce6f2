// GET /api/health/live - the process answers (public: for orchestrators' liveness probes; it reads nothing).
// Not wrapped in withPublic: probes come every few seconds and would fill the request log; there is no input to parse.
export const dynamic = "force-dynamic";

export function GET(): Response {
  return Response.json({ status: "ok" }, { headers: { "cache-control": "no-store" } });
}
