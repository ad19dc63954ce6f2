// next-auth configuration: a Credentials provider over the same verifyCredentials as POST /api/auth/login,
// JWT sessions in the `outreach_session` cookie (the same token lib/auth/session-cookie writes).
import type { NextAuthOptions } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import { env } from "@/lib/env";
import { verifyCredentials } from "@/lib/auth/verify-credentials";
import { SESSION_COOKIE, SESSION_MAX_AGE_S } from "@/lib/auth/session-cookie";
import { ZLoginBody } from "@/lib/users/schemas";
import { clientAddress } from "@/lib/http/request-origin";

/**
 * The options for one request. Over HTTPS (lib/http/request-origin) every next-auth cookie is Secure: its own
 * csrf and callback cookies through useSecureCookies (which also gives them the __Host- / __Secure- prefixes), and
 * the session cookie, whose name the spec fixes, through its options.
 */
export function authOptionsFor({ secure }: { secure: boolean }): NextAuthOptions {
  return { ...baseOptions, useSecureCookies: secure, cookies: { sessionToken: { name: SESSION_COOKIE, options: { httpOnly: true, sameSite: "lax", path: "/", secure } } } };
}

const baseOptions: NextAuthOptions = {
  secret: env.AUTH_SECRET,
  session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_S },
  pages: { signIn: "/login" },
  providers: [
    Credentials({
      name: "Password",
      credentials: { username: { label: "Email or username", type: "text" }, password: { label: "Password", type: "password" } },
      async authorize(credentials, req) {
        const parsed = ZLoginBody.safeParse(credentials);
        if (!parsed.success) return null;
        const address = clientAddress(new Headers((req.headers ?? {}) as Record<string, string>));
        try {
          const user = await verifyCredentials({ ...parsed.data, address });
          return { id: String(user.userId), name: user.username, orgId: user.orgId, sv: user.sessionVersion };
        } catch {
          return null;
        }
      },
    }),
  ],
  callbacks: {
    async jwt({ token, user }) {
      if (user && "orgId" in user) token.orgId = user.orgId as number;
      // The session version makes the token one that Sign out everywhere can end (lib/auth/session-cookie.ts).
      if (user && "sv" in user) token.sv = user.sv as number;
      return token;
    },
    async session({ session, token }) {
      return { ...session, orgId: token.orgId, userId: token.sub };
    },
  },
  logger: { error: () => undefined, warn: () => undefined, debug: () => undefined },
};
