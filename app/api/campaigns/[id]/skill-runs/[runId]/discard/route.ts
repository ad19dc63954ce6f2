// POST /api/campaigns/[id]/skill-runs/[runId]/discard - mark the run's generated profile discarded; the config stays (session)
import { z } from "zod";
import { withOrg } from "@/lib/http/with-org";
import { ZId } from "@/lib/http/fields";
import { decideTuningRun } from "@/lib/skill-generation/decide-tuning-run";

export const POST = withOrg({ params: z.object({ id: ZId, runId: ZId }) }, async ({ orgId, params }) =>
  Response.json(await decideTuningRun({ orgId, campaignId: params.id, runId: params.runId, decision: "discard" })),
);
