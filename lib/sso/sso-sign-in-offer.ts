// Whether the sign-in page offers single sign-on (some organization has it switched on and the dashboard knows its own
// address, which providers send people back to), and the words for a sign-in the provider or the checks refused
// (`/login?sso_error=` from lib/auth/auth-options.ts and lib/sso/sso-auth-options.ts, `?error=` from next-auth).
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";

export async function isSsoOffered(): Promise<boolean> {
  if (!env.OUTREACH_PUBLIC_URL) return false;
  return (await db.ssoConnection.count({ where: { enabled: true } })) > 0;
}

const REFUSALS: Record<string, string> = {
  wrong_domain: "Your provider signed you in with an address outside your organization's domain. Use your work account.",
  email_unverified: "Your provider did not confirm your email address, so it cannot sign you in here. Ask your administrator.",
  no_email: "Your provider did not share your email address. Ask your administrator to allow the email scope.",
  sso_off: "Single sign-on is switched off for your organization. Sign in with your password.",
  unavailable: "Single sign-on is not available on this installation yet.",
  provider_refused: "Your organization's provider cannot be reached from here. Ask your administrator.",
};

export function ssoErrorMessage(params: { sso_error?: string; error?: string }): string | null {
  if (params.sso_error) return REFUSALS[params.sso_error] ?? "Single sign-on did not complete. Try again, or sign in with your password.";
  if (params.error) return "Single sign-on did not complete. Try again, or sign in with your password.";
  return null;
}
