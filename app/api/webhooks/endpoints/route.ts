// GET/POST /api/webhooks/endpoints - the organization's webhook endpoints; create one (its secret is answered once)
// (session, admin)
import { withOrg } from "@/lib/http/with-org";
import { ZEndpointInput } from "@/lib/webhooks/schemas";
import { listEndpoints } from "@/lib/webhooks/list-endpoints";
import { createEndpoint } from "@/lib/webhooks/create-endpoint";

export const GET = withOrg({ role: "admin" }, async ({ orgId }) => Response.json({ endpoints: await listEndpoints({ orgId }) }));

export const POST = withOrg({ body: ZEndpointInput, role: "admin" }, async ({ orgId, body }) =>
  Response.json(await createEndpoint({ orgId, input: body }), { status: 201 }),
);
