// POST /api/auth/logout - clear the session cookie (public)
import { withPublic } from "@/lib/http/with-public";
import { clearSessionCookieHeader } from "@/lib/auth/session-cookie";

export const POST = withPublic({}, async () => {
  const res = Response.json({ ok: true });
  res.headers.append("set-cookie", clearSessionCookieHeader());
  return res;
});
