// POST /api/webhooks/endpoints/[id]/rotate-secret - a new signing secret, answered once; the old one signs beside it
// for 24 h (session, admin)
import { z } from "zod";
import { withOrg } from "@/lib/http/with-org";
import { ZId } from "@/lib/http/fields";
import { rotateEndpointSecret } from "@/lib/webhooks/rotate-endpoint-secret";

export const POST = withOrg({ params: z.object({ id: ZId }), role: "admin" }, async ({ orgId, params }) =>
  Response.json(await rotateEndpointSecret({ orgId, id: params.id }), { headers: { "cache-control": "no-store" } }),
);
