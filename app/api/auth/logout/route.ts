// POST /api/auth/logout - clear the session cookie (public)
import { withPublic } from "@/lib/http/with-public";
import { clearSessionCookieHeader } from "@/lib/auth/session-cookie";
import { isHttpsRequest } from "@/lib/http/request-origin";

export const POST = withPublic({}, async ({ req }) => {
  const res = Response.json({ ok: true });
  res.headers.append("set-cookie", clearSessionCookieHeader(isHttpsRequest(req.headers)));
  return res;
});
