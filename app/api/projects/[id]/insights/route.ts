// GET /api/projects/[id]/insights - the latest brief (or null) and whether one is being written (session)
// POST /api/projects/[id]/insights - Regenerate now: 202 {runId}; 200 {runId, alreadyRunning}; 422 runner_unavailable
import { z } from "zod";
import { withOrg } from "@/lib/http/with-org";
import { ZId } from "@/lib/http/fields";
import { ZRequestInsightsBody } from "@/lib/insights/schemas";
import { getProjectInsights } from "@/lib/insights/get-project-insights";
import { requestProjectInsights } from "@/lib/insights/request-project-insights";

const ZParams = z.object({ id: ZId });

export const GET = withOrg({ params: ZParams }, async ({ orgId, params }) =>
  Response.json(await getProjectInsights({ orgId, projectId: params.id })),
);

export const POST = withOrg({ params: ZParams, body: ZRequestInsightsBody }, async ({ orgId, params, body }) => {
  const { runId, alreadyRunning } = await requestProjectInsights({ orgId, projectId: params.id, trigger: body.trigger });
  return Response.json(alreadyRunning ? { runId, alreadyRunning } : { runId }, { status: alreadyRunning ? 200 : 202 });
});
