// PATCH/DELETE /api/organization - the active organization: rename it (admin); delete it with everything in it,
// after typing its name (owner); the session moves to another of the user's organizations (session)
import { withOrg } from "@/lib/http/with-org";
import { requireUser } from "@/lib/auth/require-user";
import { withSessionFor } from "@/lib/auth/session-response";
import { ZDeleteOrganizationBody, ZRenameOrganizationBody } from "@/lib/organizations/schemas";
import { renameOrganization } from "@/lib/organizations/rename-organization";
import { deleteOrganization } from "@/lib/organizations/delete-organization";

export const PATCH = withOrg({ apiKeys: false, body: ZRenameOrganizationBody, role: "admin" }, async ({ orgId, body }) => Response.json(await renameOrganization({ orgId, name: body.name })));

export const DELETE = withOrg({ apiKeys: false, body: ZDeleteOrganizationBody, role: "owner" }, async ({ req, body, ...caller }) => {
  const user = requireUser(caller);
  const { nextOrgId } = await deleteOrganization({ orgId: caller.orgId, userId: user.userId, confirmName: body.confirmName });
  return withSessionFor(req, { deleted: caller.orgId, activeId: nextOrgId }, { ...user, orgId: nextOrgId });
});
