// POST /api/auth/password - change the signed-in person's password, given the current one: every other session of
// theirs ends, and this browser gets a fresh session (session only)
import { withOrg } from "@/lib/http/with-org";
import { requireUser } from "@/lib/auth/require-user";
import { withSessionFor } from "@/lib/auth/session-response";
import { clientAddress } from "@/lib/http/request-origin";
import { ZChangePasswordBody } from "@/lib/users/schemas";
import { changePassword } from "@/lib/users/change-password";

export const POST = withOrg({ apiKeys: false, body: ZChangePasswordBody }, async ({ req, body, orgId, log, ...caller }) => {
  const user = requireUser(caller);
  const changed = await changePassword({ userId: user.userId, currentPassword: body.currentPassword, newPassword: body.newPassword, address: clientAddress(req.headers), log });
  return withSessionFor(req, { changed: true }, { userId: changed.userId, username: changed.username, orgId });
});
