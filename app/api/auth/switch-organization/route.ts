// POST /api/auth/switch-organization - make another of the user's organizations the active one: the session cookie
// is re-issued for it (session, member)
import { withOrg } from "@/lib/http/with-org";
import { requireUser } from "@/lib/auth/require-user";
import { withSessionFor } from "@/lib/auth/session-response";
import { ZSwitchOrganizationBody } from "@/lib/organizations/schemas";
import { switchOrganization } from "@/lib/organizations/switch-organization";

export const POST = withOrg({ apiKeys: false, body: ZSwitchOrganizationBody }, async ({ req, body, ...caller }) => {
  const user = requireUser(caller);
  const next = await switchOrganization({ ...user, organizationId: body.organizationId });
  return withSessionFor(req, { activeId: next.orgId, organization: { id: next.orgId, name: next.orgName } }, next);
});
