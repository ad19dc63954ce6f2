// POST /api/settings/sso/domain - prove the organization's email domain for single sign-on with the admin's own
// verified address (session, admin; docs/sso.md)
import { withOrg } from "@/lib/http/with-org";
import { requireUser } from "@/lib/auth/require-user";
import { proveSsoDomain } from "@/lib/sso/prove-sso-domain";

export const POST = withOrg({ apiKeys: false, role: "admin" }, async ({ orgId, ...caller }) => {
  const user = requireUser(caller);
  return Response.json({ connection: await proveSsoDomain({ orgId, userId: user.userId }) });
});
