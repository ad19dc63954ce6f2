// PUT /api/auth/email - set or change the signed-in person's email address, given their current password; a
// verification link goes to the new address when mail is configured (session only)
import { withOrg } from "@/lib/http/with-org";
import { requireUser } from "@/lib/auth/require-user";
import { clientAddress } from "@/lib/http/request-origin";
import { ZChangeEmailBody } from "@/lib/users/schemas";
import { changeEmail } from "@/lib/users/change-email";

export const PUT = withOrg({ apiKeys: false, body: ZChangeEmailBody }, async ({ req, body, log, ...caller }) => {
  const user = requireUser(caller);
  return Response.json(await changeEmail({ userId: user.userId, email: body.email, currentPassword: body.currentPassword, address: clientAddress(req.headers), log }));
});
