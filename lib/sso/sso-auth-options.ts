// next-auth's options for one request of the catch-all route: with the organization's provider when the path is a
// single sign-on start or callback (/api/auth/signin/sso-<id>, /api/auth/callback/sso-<id>), else without any.
// A path naming a connection that is off (or whose addresses the guard now refuses) goes back to the sign-in page
// with the reason instead of reaching next-auth, which would only show its own generic page.
import type { NextAuthOptions } from "next-auth";
import { authOptionsFor } from "@/lib/auth/auth-options";
import { env } from "@/lib/env";
import { AppError } from "@/lib/http/errors";
import { connectionIdOf, loadSsoOAuthProvider } from "@/lib/sso/sso-oauth-provider";

export type SsoAuthOptions = { options: NextAuthOptions } | { redirect: string };

export async function ssoAuthOptions({ segments, secure }: { segments: string[]; secure: boolean }): Promise<SsoAuthOptions> {
  const [action, providerId] = segments;
  const isSsoStep = (action === "signin" || action === "callback") && connectionIdOf(providerId) !== null;
  if (!isSsoStep) return { options: authOptionsFor({ secure }) };
  // next-auth builds the redirect URI from NEXTAUTH_URL; it must be the address registered with the provider.
  if (!env.OUTREACH_PUBLIC_URL) return { redirect: "/login?sso_error=unavailable" };
  process.env.NEXTAUTH_URL = new URL("/api/auth", env.OUTREACH_PUBLIC_URL).href;
  try {
    const ssoProvider = await loadSsoOAuthProvider(providerId);
    if (!ssoProvider) return { redirect: "/login?sso_error=sso_off" };
    return { options: authOptionsFor({ secure, ssoProvider }) };
  } catch (err) {
    if (err instanceof AppError) return { redirect: "/login?sso_error=provider_refused" };
    throw err;
  }
}
