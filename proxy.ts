// Runs before routing. Two jobs only: send signed-out visitors of dashboard pages to /login when sign-in is on,
// and answer CORS for /api/extension/* from the discussion platform's two origins. Authorization itself lives in
// the route wrappers (lib/http).
import { NextResponse, type NextRequest } from "next/server";
import { env, platformOrigins } from "@/lib/env";
import { SESSION_COOKIE } from "@/lib/auth/session-cookie";

const PUBLIC_PAGES = ["/login", "/signup"];
// An invitation link is opened before its reader has an account; the page itself offers sign-in or sign-up.
const isPublicPage = (pathname: string) => PUBLIC_PAGES.includes(pathname) || pathname.startsWith("/join/");

export function proxy(req: NextRequest) {
  const { pathname } = req.nextUrl;
  if (pathname.startsWith("/api/extension/")) return extensionCors(req);
  if (env.OUTREACH_AUTH && !isPublicPage(pathname) && !req.cookies.get(SESSION_COOKIE)) {
    const login = new URL("/login", req.url);
    if (pathname !== "/") login.searchParams.set("next", pathname + req.nextUrl.search);
    return NextResponse.redirect(login);
  }
  return NextResponse.next();
}

function extensionCors(req: NextRequest) {
  const origin = req.headers.get("origin");
  const allowed = origin !== null && platformOrigins().includes(origin);
  const headers = new Headers();
  if (allowed) {
    headers.set("Access-Control-Allow-Origin", origin);
    headers.set("Access-Control-Allow-Methods", "GET, POST, OPTIONS");
    headers.set("Access-Control-Allow-Headers", "Authorization, Content-Type");
    headers.set("Access-Control-Max-Age", "600");
    headers.set("Vary", "Origin");
  }
  if (req.method === "OPTIONS") {
    if (origin && !allowed) {
      return NextResponse.json({ error: "forbidden", message: "Origin not allowed" }, { status: 403 });
    }
    return new NextResponse(null, { status: 204, headers });
  }
  const res = NextResponse.next();
  headers.forEach((v, k) => res.headers.set(k, v));
  return res;
}

export const config = {
  // API routes authenticate in their own wrappers; only the extension prefix needs the proxy (for CORS), so the
  // rest of /api skips it.
  matcher: ["/api/extension/:path*", "/((?!api/|_next/static|_next/image|favicon.ico|.*\\.(?:png|svg|ico|css|js)$).*)"],
};
