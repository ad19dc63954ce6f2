// POST /api/auth/password-reset/confirm - spend a reset link: set the new password, end every session of the person,
// and sign this browser in (public; the link's token is the credential). A used, expired, replaced or unknown link is
// one 400.
import { withPublic } from "@/lib/http/with-public";
import { clientAddress, isHttpsRequest } from "@/lib/http/request-origin";
import { rememberAddress } from "@/lib/auth/remember-address";
import { encodeSession, sessionCookieHeader } from "@/lib/auth/session-cookie";
import { ZPasswordResetConfirmBody } from "@/lib/users/schemas";
import { resetPassword } from "@/lib/users/reset-password";

export const POST = withPublic({ body: ZPasswordResetConfirmBody }, async ({ req, body, log }) => {
  const user = await resetPassword({ token: body.token, password: body.password, log });
  // Proving the mailbox counts like a sign-in from here: guesses elsewhere cannot lock this address out.
  await rememberAddress({ userId: user.userId, address: clientAddress(req.headers) });
  const res = Response.json({ reset: true, signedIn: user.orgId !== null, user: { id: user.userId, username: user.username } });
  // Someone whose last organization is gone has a password again but nowhere to land: they sign in to hear why.
  if (user.orgId !== null) {
    const token = await encodeSession({ userId: user.userId, orgId: user.orgId, username: user.username });
    res.headers.append("set-cookie", sessionCookieHeader(token, isHttpsRequest(req.headers)));
  }
  return res;
});
