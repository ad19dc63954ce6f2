// GET /api/settings/retention - the organization's data retention and what its passes deleted; PUT - turn it on with a
// number of days, or off with null (session or API key to read, admin to change; docs/privacy.md "Retention")
import { withOrg } from "@/lib/http/with-org";
import { getRetention, setRetention, ZRetentionPut } from "@/lib/privacy/retention";

export const GET = withOrg({}, async ({ orgId }) => Response.json(await getRetention({ orgId })));

export const PUT = withOrg({ body: ZRetentionPut, role: "admin" }, async ({ orgId, body }) => Response.json(await setRetention({ orgId, days: body.days })));
