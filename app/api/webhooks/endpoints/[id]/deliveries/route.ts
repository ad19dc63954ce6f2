// GET /api/webhooks/endpoints/[id]/deliveries - the endpoint's delivery log, newest first, ?status=, keyset pages
// (session, admin)
import { z } from "zod";
import { withOrg } from "@/lib/http/with-org";
import { ZId } from "@/lib/http/fields";
import { ZDeliveriesQuery } from "@/lib/webhooks/schemas";
import { listDeliveries } from "@/lib/webhooks/list-deliveries";

export const GET = withOrg({ params: z.object({ id: ZId }), query: ZDeliveriesQuery, role: "admin" }, async ({ orgId, params, query }) =>
  Response.json(await listDeliveries({ orgId, endpointId: params.id, status: query.status, cursor: query.cursor, limit: query.limit })),
);
