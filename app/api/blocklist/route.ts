// GET /api/blocklist - every entry, global and per project; POST - block a user, community or keyword (session)
import { withOrg } from "@/lib/http/with-org";
import { ZBlocklistInput } from "@/lib/blocklist/schemas";
import { listBlocklist } from "@/lib/blocklist/list-blocklist";
import { createBlocklistEntry } from "@/lib/blocklist/create-blocklist-entry";

export const GET = withOrg({}, async ({ orgId }) => Response.json({ entries: await listBlocklist({ orgId }) }));

export const POST = withOrg({ body: ZBlocklistInput }, async ({ orgId, body }) =>
  Response.json(await createBlocklistEntry({ orgId, input: body }), { status: 201 }),
);
