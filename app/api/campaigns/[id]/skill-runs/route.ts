// GET /api/campaigns/[id]/skill-runs - the last 20 profile generations (session)
// POST /api/campaigns/[id]/skill-runs {mode?: "preview" | "apply"} - generate the profile: 202 {runId}; 200 {runId,
// alreadyRunning} while one is alive; 422 runner_unavailable
import { z } from "zod";
import { withOrg } from "@/lib/http/with-org";
import { ZId } from "@/lib/http/fields";
import { ZStartSkillRunBody } from "@/lib/skill-generation/schemas";
import { startSkillGeneration } from "@/lib/skill-generation/start-skill-generation";
import { listTuningRuns } from "@/lib/skill-generation/list-tuning-runs";

const ZParams = z.object({ id: ZId });

export const GET = withOrg({ params: ZParams }, async ({ orgId, params }) =>
  Response.json({ runs: await listTuningRuns({ orgId, campaignId: params.id }) }),
);

export const POST = withOrg({ params: ZParams, body: ZStartSkillRunBody }, async ({ orgId, params, body }) => {
  const { runId, alreadyRunning } = await startSkillGeneration({ orgId, campaignId: params.id, mode: body.mode });
  return Response.json(alreadyRunning ? { runId, alreadyRunning } : { runId }, { status: alreadyRunning ? 200 : 202 });
});
