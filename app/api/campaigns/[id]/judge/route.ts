// GET /api/campaigns/[id]/judge?weeks= - how well the quality score predicts reviewers' approvals on this campaign:
// approval rate per score band, agreement at the inbox default, a suggested threshold (session or API key)
import { z } from "zod";
import { withOrg } from "@/lib/http/with-org";
import { ZId } from "@/lib/http/fields";
import { ZJudgeQuery } from "@/lib/outcomes/judge-schemas";
import { getJudgeCalibration } from "@/lib/outcomes/get-judge-calibration";

const ZParams = z.object({ id: ZId });

export const GET = withOrg({ params: ZParams, query: ZJudgeQuery }, async ({ orgId, params, query }) =>
  Response.json(await getJudgeCalibration({ orgId, campaignId: params.id, query })),
);
