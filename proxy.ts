// Runs before routing. Three jobs only: send signed-out visitors of dashboard pages to /login when sign-in is on,
// give every page its Content-Security-Policy with a fresh nonce (lib/http/content-security-policy.ts), and answer
// CORS for /api/extension/* from the discussion platform's two origins. Authorization itself lives in the route
// wrappers (lib/http).
import { NextResponse, type NextRequest } from "next/server";
import { env, platformOrigins } from "@/lib/env";
import { SESSION_COOKIE } from "@/lib/auth/session-cookie";
import { pageContentSecurityPolicy } from "@/lib/http/content-security-policy";

const PUBLIC_PAGES = ["/login", "/signup", "/forgot-password"];
// An invitation link is opened before its reader has an account; the page itself offers sign-in or sign-up. Reset
// and verification links are opened from a mail, signed in or not: their token is the credential.
const LINK_PAGES = ["/join/", "/reset-password/", "/verify-email/"];
const isPublicPage = (pathname: string) => PUBLIC_PAGES.includes(pathname) || LINK_PAGES.some((p) => pathname.startsWith(p));

export function proxy(req: NextRequest) {
  const { pathname } = req.nextUrl;
  if (pathname.startsWith("/api/extension/")) return extensionCors(req);
  if (env.OUTREACH_AUTH && !isPublicPage(pathname) && !req.cookies.get(SESSION_COOKIE)) {
    const login = new URL("/login", req.url);
    if (pathname !== "/") login.searchParams.set("next", pathname + req.nextUrl.search);
    return NextResponse.redirect(login);
  }
  return withPagePolicy(req);
}

/** Next reads the policy from the request to put the nonce on its own scripts; the layout reads x-nonce. */
function withPagePolicy(req: NextRequest) {
  const nonce = btoa(crypto.randomUUID());
  const policy = pageContentSecurityPolicy(nonce, { dev: process.env.NODE_ENV === "development" });
  const headers = new Headers(req.headers);
  headers.set("x-nonce", nonce);
  headers.set("content-security-policy", policy);
  const res = NextResponse.next({ request: { headers } });
  res.headers.set("content-security-policy", policy);
  return res;
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
  // The icons and the web manifest are public files a browser fetches before (and without) signing in.
  matcher: ["/api/extension/:path*", "/((?!api/|_next/static|_next/image|favicon.ico|manifest.webmanifest|.*\\.(?:png|svg|ico|css|js)$).*)"],
};
