// GET /api/settings/app-config - dedup policy, quality rubric, runner configs; PUT - change the first two (session, admin to change)
import { withOrg } from "@/lib/http/with-org";
import { ZAppConfigPatch } from "@/lib/config/schemas";
import { getAppConfig } from "@/lib/config/get-app-config";
import { updateAppConfig } from "@/lib/config/update-app-config";

export const GET = withOrg({}, async ({ orgId }) => Response.json(await getAppConfig({ orgId })));

export const PUT = withOrg({ body: ZAppConfigPatch, role: "admin" }, async ({ orgId, body }) =>
  Response.json(await updateAppConfig({ orgId, patch: body })),
);
