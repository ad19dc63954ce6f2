// POST /api/organization/leave - leave the active organization; the session moves to another of the user's
// organizations (session, member)
import { withOrg } from "@/lib/http/with-org";
import { requireUser } from "@/lib/auth/require-user";
import { withSessionFor } from "@/lib/auth/session-response";
import { leaveOrganization } from "@/lib/organizations/leave-organization";

export const POST = withOrg({ apiKeys: false }, async ({ req, ...caller }) => {
  const user = requireUser(caller);
  const { nextOrgId } = await leaveOrganization({ orgId: caller.orgId, userId: user.userId });
  return withSessionFor(req, { left: caller.orgId, activeId: nextOrgId }, { ...user, orgId: nextOrgId });
});
