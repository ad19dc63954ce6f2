// POST /api/auth/logout - sign this session out: the cookie is cleared and its token refused from now on, wherever a
// copy of it is (public: answers the same with or without a valid cookie)
import { withPublic } from "@/lib/http/with-public";
import { clearSessionCookieHeader, readCookie, SESSION_COOKIE } from "@/lib/auth/session-cookie";
import { signOutSession } from "@/lib/auth/sign-out";
import { isHttpsRequest } from "@/lib/http/request-origin";

export const POST = withPublic({}, async ({ req }) => {
  await signOutSession(readCookie(req.headers.get("cookie"), SESSION_COOKIE));
  const res = Response.json({ ok: true });
  res.headers.append("set-cookie", clearSessionCookieHeader(isHttpsRequest(req.headers)));
  return res;
});
