// POST /api/projects/[id]/extract - Auto-extract the description from the project's source (session):
// 202 {runId}; 200 {runId, alreadyRunning}; 422 without a usable source or with runner_unavailable
import { z } from "zod";
import { withOrg } from "@/lib/http/with-org";
import { ZId } from "@/lib/http/fields";
import { ZRequestExtractionBody } from "@/lib/extraction/schemas";
import { requestProjectExtraction } from "@/lib/extraction/request-project-extraction";

export const POST = withOrg({ params: z.object({ id: ZId }), body: ZRequestExtractionBody }, async ({ orgId, params }) => {
  const { runId, alreadyRunning } = await requestProjectExtraction({ orgId, projectId: params.id });
  return Response.json(alreadyRunning ? { runId, alreadyRunning } : { runId }, { status: alreadyRunning ? 200 : 202 });
});
