// POST /api/auth/login - check {username, password} and set the outreach_session cookie (public)
import { withPublic } from "@/lib/http/with-public";
import { clientAddress, isHttpsRequest } from "@/lib/http/request-origin";
import { ZLoginBody } from "@/lib/users/schemas";
import { verifyCredentials } from "@/lib/auth/verify-credentials";
import { encodeSession, sessionCookieHeader } from "@/lib/auth/session-cookie";

export const POST = withPublic({ body: ZLoginBody }, async ({ req, body }) => {
  const user = await verifyCredentials({ ...body, address: clientAddress(req.headers) });
  const token = await encodeSession(user);
  const res = Response.json({ user: { id: user.userId, username: user.username }, organizationId: user.orgId });
  res.headers.append("set-cookie", sessionCookieHeader(token, isHttpsRequest(req.headers)));
  return res;
});
