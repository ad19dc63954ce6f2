// GET/POST /api/organizations - the organizations the signed-in user belongs to (the sidebar's switcher); start a new
// one, which becomes the active organization (cloud edition) (session, member)
import { withOrg } from "@/lib/http/with-org";
import { requireUser } from "@/lib/auth/require-user";
import { withSessionFor } from "@/lib/auth/session-response";
import { ZCreateOrganizationBody } from "@/lib/organizations/schemas";
import { listUserOrganizations } from "@/lib/organizations/list-user-organizations";
import { createUserOrganization } from "@/lib/organizations/create-user-organization";

export const GET = withOrg({ apiKeys: false }, async (caller) => {
  if (caller.userId === null) return Response.json({ organizations: [{ id: caller.orgId, name: caller.orgName, role: caller.role, plan: "free" }], activeId: caller.orgId });
  return Response.json({ organizations: await listUserOrganizations({ userId: caller.userId }), activeId: caller.orgId });
});

export const POST = withOrg({ apiKeys: false, body: ZCreateOrganizationBody }, async ({ req, body, ...caller }) => {
  const user = requireUser(caller);
  const org = await createUserOrganization({ userId: user.userId, name: body.name });
  return withSessionFor(req, { organization: { ...org, role: "owner" } }, { ...user, orgId: org.id }, 201);
});
