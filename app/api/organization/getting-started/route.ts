// PUT /api/organization/getting-started - hide Home's Getting started for the organization, or show it again (session)
import { withOrg } from "@/lib/http/with-org";
import { ZGettingStartedBody } from "@/lib/organizations/schemas";
import { setGettingStartedDismissed } from "@/lib/organizations/set-getting-started-dismissed";

export const PUT = withOrg({ apiKeys: false, body: ZGettingStartedBody }, async ({ orgId, body }) =>
  Response.json(await setGettingStartedDismissed({ orgId, dismissed: body.dismissed })),
);
