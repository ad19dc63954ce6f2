// POST /api/auth/logout-everywhere - end every session of the signed-in user, on every device, this one included
// (session)
import { withOrg } from "@/lib/http/with-org";
import { requireUser } from "@/lib/auth/require-user";
import { clearSessionCookieHeader } from "@/lib/auth/session-cookie";
import { signOutEverywhere } from "@/lib/auth/sign-out";
import { isHttpsRequest } from "@/lib/http/request-origin";

export const POST = withOrg({ apiKeys: false }, async ({ req, ...caller }) => {
  const user = requireUser(caller);
  await signOutEverywhere({ userId: user.userId });
  const res = Response.json({ ok: true });
  res.headers.append("set-cookie", clearSessionCookieHeader(isHttpsRequest(req.headers)));
  return res;
});
