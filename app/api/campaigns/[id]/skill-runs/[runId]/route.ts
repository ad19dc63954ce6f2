// GET /api/campaigns/[id]/skill-runs/[runId] - one profile generation with its previous and generated config (session)
import { z } from "zod";
import { withOrg } from "@/lib/http/with-org";
import { ZId } from "@/lib/http/fields";
import { getTuningRun } from "@/lib/skill-generation/get-tuning-run";

export const GET = withOrg({ params: z.object({ id: ZId, runId: ZId }) }, async ({ orgId, params }) =>
  Response.json(await getTuningRun({ orgId, campaignId: params.id, runId: params.runId })),
);
