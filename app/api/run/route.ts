// POST /api/run - start a campaign run (session): 202 {runId, alreadyRunning?}; 422 runner_unavailable
import { withOrg } from "@/lib/http/with-org";
import { ZStartRunBody } from "@/lib/runs/schemas";
import { startCampaignRun } from "@/lib/runs/start-campaign-run";
import { toolServerUrl } from "@/lib/runners/tool-server-url";

export const POST = withOrg({ body: ZStartRunBody }, async ({ orgId, body }) => {
  const { runId, alreadyRunning } = await startCampaignRun({ orgId, campaignId: body.campaignId, trigger: body.trigger, toolServerUrl: toolServerUrl() });
  return Response.json(alreadyRunning ? { runId, alreadyRunning } : { runId }, { status: alreadyRunning ? 200 : 202 });
});
