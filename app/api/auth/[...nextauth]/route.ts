// GET/POST /api/auth/* - next-auth's own endpoints (session, csrf, credentials callback) (public)
import NextAuth from "next-auth";
import { authOptionsFor } from "@/lib/auth/auth-options";
import { isHttpsRequest } from "@/lib/http/request-origin";

// Built per request: whether its cookies are Secure depends on how the browser reached us.
function handler(req: Request, ctx: { params: Promise<{ nextauth: string[] }> }) {
  return NextAuth(authOptionsFor({ secure: isHttpsRequest(req.headers) }))(req, ctx);
}
export { handler as GET, handler as POST };
