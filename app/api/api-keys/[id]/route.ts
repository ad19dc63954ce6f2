// DELETE /api/api-keys/[id] - revoke a key: 401 from its next request on (session, admin)
import { withOrg } from "@/lib/http/with-org";
import { ZApiKeyIdParams } from "@/lib/api-keys/schemas";
import { revokeApiKey } from "@/lib/api-keys/revoke-api-key";

export const DELETE = withOrg({ apiKeys: false, params: ZApiKeyIdParams, role: "admin" }, async ({ orgId, params }) => Response.json(await revokeApiKey({ orgId, id: params.id })));
