// Password sign-in for people whose organization signs them in through its provider only: refused when the address's
// domain has an enabled connection with password sign-in turned off. A disabled connection lets passwords work again.
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/http/errors";
import { emailDomain } from "@/lib/sso/email-domain";

export async function assertPasswordSignInAllowed({ email }: { email: string | null }): Promise<void> {
  if (!email) return;
  const connection = await db.ssoConnection.findFirst({
    where: { domain: emailDomain(email), enabled: true, passwordSignInDisabled: true },
    select: { id: true },
  });
  if (connection) {
    throw new AppError("forbidden", "Your organization signs you in with single sign-on. Use Continue with single sign-on.", { sso: true });
  }
}
