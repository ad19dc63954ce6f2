// GET/POST /api/cloud-runner/tokens - the tokens clients present to the cloud runner relay; issue one (answered once)
// (session, admin; cloud edition)
import { withOrg } from "@/lib/http/with-org";
import { ZIssueTokenBody } from "@/lib/cloud-runner-tokens/schemas";
import { listCloudRunnerTokens } from "@/lib/cloud-runner-tokens/list-cloud-runner-tokens";
import { issueCloudRunnerToken } from "@/lib/cloud-runner-tokens/issue-cloud-runner-token";

export const GET = withOrg({ apiKeys: false, role: "admin" }, async ({ orgId }) => Response.json({ tokens: await listCloudRunnerTokens({ orgId }) }));

export const POST = withOrg({ apiKeys: false, body: ZIssueTokenBody, role: "admin" }, async ({ orgId, userId, body }) =>
  Response.json(await issueCloudRunnerToken({ orgId, userId, name: body.name, ttlDays: body.ttlDays }), { status: 201 }),
);
