// DELETE /api/cloud-runner/tokens/[id] - revoke a token: relays refuse it from their next refresh (session, admin)
import { withOrg } from "@/lib/http/with-org";
import { ZTokenIdParams } from "@/lib/cloud-runner-tokens/schemas";
import { revokeCloudRunnerToken } from "@/lib/cloud-runner-tokens/revoke-cloud-runner-token";

export const DELETE = withOrg({ apiKeys: false, params: ZTokenIdParams, role: "admin" }, async ({ orgId, params }) => Response.json(await revokeCloudRunnerToken({ orgId, id: params.id })));
