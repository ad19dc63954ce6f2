// GET/PATCH/DELETE /api/webhooks/endpoints/[id] - one endpoint: read, edit (URL, description, events, enabled), delete
// (session, admin)
import { z } from "zod";
import { withOrg } from "@/lib/http/with-org";
import { ZId } from "@/lib/http/fields";
import { ZEndpointPatch } from "@/lib/webhooks/schemas";
import { getEndpointOrThrow } from "@/lib/webhooks/get-endpoint";
import { updateEndpoint } from "@/lib/webhooks/update-endpoint";
import { deleteEndpoint } from "@/lib/webhooks/delete-endpoint";

const ZParams = z.object({ id: ZId });

export const GET = withOrg({ params: ZParams, role: "admin" }, async ({ orgId, params }) => Response.json(await getEndpointOrThrow({ orgId, id: params.id })));

export const PATCH = withOrg({ params: ZParams, body: ZEndpointPatch, role: "admin" }, async ({ orgId, params, body }) =>
  Response.json(await updateEndpoint({ orgId, id: params.id, patch: body })),
);

export const DELETE = withOrg({ params: ZParams, role: "admin" }, async ({ orgId, params }) => Response.json(await deleteEndpoint({ orgId, id: params.id })));
