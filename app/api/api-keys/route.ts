// GET/POST /api/api-keys - the organization's API keys; create one, answered once (session, admin; a key cannot
// manage keys)
import { withOrg } from "@/lib/http/with-org";
import { ZCreateApiKeyBody } from "@/lib/api-keys/schemas";
import { listApiKeys } from "@/lib/api-keys/list-api-keys";
import { createApiKey } from "@/lib/api-keys/create-api-key";

export const GET = withOrg({ apiKeys: false, role: "admin" }, async ({ orgId }) => Response.json({ apiKeys: await listApiKeys({ orgId }) }));

export const POST = withOrg({ apiKeys: false, body: ZCreateApiKeyBody, role: "admin" }, async ({ orgId, userId, body }) =>
  Response.json(await createApiKey({ orgId, userId, name: body.name, role: body.role, expiresInDays: body.expiresInDays }), { status: 201 }),
);
