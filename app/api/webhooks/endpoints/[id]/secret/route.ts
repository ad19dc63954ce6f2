// GET /api/webhooks/endpoints/[id]/secret - Reveal: the endpoint's current signing secret (session, admin)
import { z } from "zod";
import { withOrg } from "@/lib/http/with-org";
import { ZId } from "@/lib/http/fields";
import { revealEndpointSecret } from "@/lib/webhooks/reveal-endpoint-secret";

export const GET = withOrg({ params: z.object({ id: ZId }), role: "admin" }, async ({ orgId, params }) =>
  Response.json(await revealEndpointSecret({ orgId, id: params.id }), { headers: { "cache-control": "no-store" } }),
);
