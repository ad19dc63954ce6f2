// POST /api/invites/accept - the signed-in user joins the invitation's organization, which becomes the active one
// (session; started from the dashboard's own tab)
import { withOrg } from "@/lib/http/with-org";
import { requireUser } from "@/lib/auth/require-user";
import { withSessionFor } from "@/lib/auth/session-response";
import { ZAcceptInviteBody } from "@/lib/invites/schemas";
import { acceptInvite } from "@/lib/invites/accept-invite";
import { rememberAddress } from "@/lib/auth/remember-address";
import { clientAddress } from "@/lib/http/request-origin";

export const POST = withOrg({ apiKeys: false, body: ZAcceptInviteBody }, async ({ req, body, ...caller }) => {
  const user = requireUser(caller);
  const joined = await acceptInvite({ token: body.token, userId: user.userId });
  await rememberAddress({ userId: user.userId, address: clientAddress(req.headers) });
  return withSessionFor(req, { organization: { id: joined.orgId, name: joined.orgName }, role: joined.role }, { ...user, orgId: joined.orgId });
});
