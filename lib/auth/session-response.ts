// A JSON answer that also moves the session to another organization (switching, leaving, deleting, joining).
import { encodeSession, sessionCookieHeader } from "@/lib/auth/session-cookie";
import { isHttpsRequest } from "@/lib/http/request-origin";

export async function withSessionFor(req: Request, body: unknown, claims: { userId: number; username: string; orgId: number }, status = 200): Promise<Response> {
  const res = Response.json(body, { status });
  res.headers.append("set-cookie", sessionCookieHeader(await encodeSession(claims), isHttpsRequest(req.headers)));
  return res;
}
