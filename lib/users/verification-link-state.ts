// What a verification link is when it is opened again: still to be used, already used for the address the account
// has verified (the person clicked it before, or a second tab did), or unusable (expired, replaced, unknown, or used
// for an address the account no longer has). The page says "already verified" for the second instead of the generic
// "can't be used", which read as if the confirmation had failed.
import { db } from "@/lib/db/client";
import { accountTokenUsable, hashAccountToken } from "@/lib/users/account-token";
import { ACCOUNT_TOKEN_PATTERN } from "@/lib/users/schemas";

export type VerificationLinkState = "usable" | "already_verified" | "unusable";

export async function verificationLinkState({ token, now = new Date() }: { token: string; now?: Date }): Promise<VerificationLinkState> {
  if (!ACCOUNT_TOKEN_PATTERN.verify_email.test(token)) return "unusable";
  if (await accountTokenUsable({ token, purpose: "verify_email", now })) return "usable";
  const row = await db.accountToken.findUnique({
    where: { tokenHash: hashAccountToken(token) },
    select: { purpose: true, usedAt: true, email: true, user: { select: { email: true, emailVerifiedAt: true } } },
  });
  const verifiedByIt = row?.purpose === "verify_email" && row.usedAt !== null && row.user.emailVerifiedAt !== null && row.user.email === row.email;
  return verifiedByIt ? "already_verified" : "unusable";
}
