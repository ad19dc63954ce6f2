// A JSON answer that also moves the session to another organization (switching, leaving, deleting, joining).
// A session made through an organization's single sign-on stays in that organization: moving it elsewhere signs the
// person out instead (they sign in again with a password or that organization's provider; docs/sso.md).
import { clearSessionCookieHeader, decodeSession, encodeSession, readCookie, SESSION_COOKIE, sessionCookieHeader } from "@/lib/auth/session-cookie";
import { isHttpsRequest } from "@/lib/http/request-origin";

export async function withSessionFor(req: Request, body: unknown, claims: { userId: number; username: string; orgId: number }, status = 200): Promise<Response> {
  const res = Response.json(body, { status });
  const secure = isHttpsRequest(req.headers);
  const current = await decodeSession(readCookie(req.headers.get("cookie"), SESSION_COOKIE));
  const pin = current && current.userId === claims.userId ? current.ssoOrgId : null;
  if (pin != null && pin !== claims.orgId) {
    res.headers.append("set-cookie", clearSessionCookieHeader(secure));
    return res;
  }
  res.headers.append("set-cookie", sessionCookieHeader(await encodeSession({ ...claims, ssoOrgId: pin }), secure));
  return res;
}
