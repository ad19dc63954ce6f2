// GET/PUT /api/settings/runner-config - per-runner settings of the organization (session; PUT: admin)
import { withOrg } from "@/lib/http/with-org";
import { getRunnerConfigs, putRunnerConfig, ZRunnerConfigPut } from "@/lib/runners/runner-config";

export const GET = withOrg({}, async ({ orgId }) => Response.json(await getRunnerConfigs({ orgId })));

export const PUT = withOrg({ body: ZRunnerConfigPut, role: "admin" }, async ({ orgId, body }) =>
  Response.json(await putRunnerConfig({ orgId, slug: body.slug, config: body.config })),
);
