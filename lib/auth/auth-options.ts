// next-auth configuration: JWT sessions in the `outreach_session` cookie (the same token lib/auth/session-cookie
// writes), read by its session endpoint. It signs nobody in with a password: POST /api/auth/login does that, behind the
// same-origin check of every cookie write, so next-auth's credentials callback (which took a cross-site post and set
// a session cookie) is gone (docs/security.md "Sessions and keys").
// Single sign-on (docs/sso.md) is the one way next-auth signs anyone in: the route adds the one organization's OpenID
// Connect provider its path names, and the signIn callback lets lib/sso decide who that is and in which organization.
import type { NextAuthOptions } from "next-auth";
import type { OAuthConfig } from "next-auth/providers/oauth";
import { env } from "@/lib/env";
import { SESSION_COOKIE, SESSION_MAX_AGE_S } from "@/lib/auth/session-cookie";
import { signInWithSso, SsoRefusedError } from "@/lib/sso/sign-in-with-sso";
import type { SsoProfile } from "@/lib/sso/sso-oauth-provider";

/**
 * The options for one request. Over HTTPS (lib/http/request-origin) every next-auth cookie is Secure: its own
 * csrf and callback cookies through useSecureCookies (which also gives them the __Host- / __Secure- prefixes), and
 * the session cookie, whose name the spec fixes, through its options.
 */
export function authOptionsFor({ secure, ssoProvider }: { secure: boolean; ssoProvider?: OAuthConfig<Record<string, unknown>> | null }): NextAuthOptions {
  return { ...baseOptions, providers: ssoProvider ? [ssoProvider] : [], useSecureCookies: secure, cookies: { sessionToken: { name: SESSION_COOKIE, options: { httpOnly: true, sameSite: "lax", path: "/", secure } } } };
}

const baseOptions: NextAuthOptions = {
  secret: env.AUTH_SECRET,
  session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_S },
  // A refused or failed provider sign-in comes back to the sign-in page, which says why (?error=, ?sso_error=).
  pages: { signIn: "/login", error: "/login" },
  providers: [],
  callbacks: {
    async signIn({ user }) {
      const p = user as unknown as SsoProfile & Record<string, unknown>;
      if (typeof p.connectionId !== "number") return false;
      try {
        const signedIn = await signInWithSso({ connectionId: p.connectionId, claims: { sub: p.id, email: p.email, email_verified: p.emailVerified, name: p.name } });
        // next-auth makes the token from this same object (token.sub = id): it becomes our user, in that organization.
        Object.assign(p, { id: String(signedIn.userId), name: signedIn.username, orgId: signedIn.orgId, sv: signedIn.sessionVersion, ssoOrgId: signedIn.orgId });
        return true;
      } catch (err) {
        if (err instanceof SsoRefusedError) return `/login?sso_error=${err.refusal}`;
        throw err;
      }
    },
    async jwt({ token, user }) {
      if (user && "orgId" in user) token.orgId = user.orgId as number;
      // The session version makes the token one that Sign out everywhere can end (lib/auth/session-cookie.ts).
      if (user && "sv" in user) token.sv = user.sv as number;
      // A session made through an organization's provider works in that organization only (docs/sso.md).
      if (user && "ssoOrgId" in user) token.sso = user.ssoOrgId as number;
      return token;
    },
    async session({ session, token }) {
      return { ...session, orgId: token.orgId, userId: token.sub };
    },
  },
  logger: { error: () => undefined, warn: () => undefined, debug: () => undefined },
};
