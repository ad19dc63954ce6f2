// GET/POST /api/auth/* - next-auth's own endpoints (session, csrf) and single sign-on's start and callback through an
// organization's OpenID Connect provider (public; docs/sso.md). A POST another site's page started is refused like
// every other cookie write; next-auth signs nobody in with a password (POST /api/auth/login does).
import NextAuth from "next-auth";
import { isHttpsRequest } from "@/lib/http/request-origin";
import { crossSiteReason, SAFE_METHODS } from "@/lib/http/assert-same-origin";
import { ssoAuthOptions } from "@/lib/sso/sso-auth-options";

// Built per request: whether its cookies are Secure depends on how the browser reached us, and the one provider a
// single sign-on path names is loaded for that request only.
async function handler(req: Request, ctx: { params: Promise<{ nextauth: string[] }> }) {
  const refusal = SAFE_METHODS.has(req.method.toUpperCase()) ? null : crossSiteReason(req.headers);
  if (refusal) {
    return Response.json({ error: "forbidden", message: `This request must be started from the dashboard's own tab (${refusal})` }, { status: 403 });
  }
  const built = await ssoAuthOptions({ segments: (await ctx.params).nextauth ?? [], secure: isHttpsRequest(req.headers) });
  if ("redirect" in built) return new Response(null, { status: 303, headers: { location: built.redirect } });
  return NextAuth(built.options)(req, ctx);
}
export { handler as GET, handler as POST };
