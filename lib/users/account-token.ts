// Single-use links mailed to a person: a password reset (valid 1 hour) or an email verification (24 hours). 32 random
// bytes in the link and only their SHA-256 in account_tokens, like invitation links, so a leaked table opens nothing.
// Issuing a link ends the person's earlier links of the same kind: only the newest one works.
import { createHash, randomBytes } from "node:crypto";
import type { Tx } from "@/lib/db/client";
import { db } from "@/lib/db/client";
import type { AccountTokenPurpose } from "@/lib/generated/prisma/enums";
import { ACCOUNT_TOKEN_PATTERN } from "@/lib/users/schemas";

export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;
export const VERIFICATION_TTL_MS = 24 * 60 * 60 * 1000;

const PREFIX: Record<AccountTokenPurpose, string> = { password_reset: "rst_", verify_email: "vfy_" };
const TTL: Record<AccountTokenPurpose, number> = { password_reset: PASSWORD_RESET_TTL_MS, verify_email: VERIFICATION_TTL_MS };

/** The page a link opens. */
export const LINK_PATH: Record<AccountTokenPurpose, string> = { password_reset: "/reset-password", verify_email: "/verify-email" };

export function hashAccountToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/**
 * A new link for `userId` sent to `email`, ending their earlier links of the same kind. With `userId` null (an address
 * without an account asked for a reset) the same statements run and match nothing, so the request does the database
 * work a real one does (the mail itself is sent in the background either way).
 */
export async function issueAccountToken(
  tx: Tx,
  { userId, purpose, email, now }: { userId: number | null; purpose: AccountTokenPurpose; email: string; now: Date },
): Promise<{ token: string; expiresAt: Date } | null> {
  const token = `${PREFIX[purpose]}${randomBytes(32).toString("base64url")}`;
  const expiresAt = new Date(now.getTime() + TTL[purpose]);
  await tx.accountToken.deleteMany({ where: { userId: userId ?? 0, purpose } });
  if (userId === null) return null;
  await tx.accountToken.create({ data: { userId, purpose, email, tokenHash: hashAccountToken(token), expiresAt } });
  return { token, expiresAt };
}

/**
 * Spends a link: one statement that marks it used only while it is unused and unexpired, so two requests racing with
 * the same link cannot both succeed. Null for a used, expired, replaced or unknown link alike.
 */
export async function consumeAccountToken(tx: Tx, { token, purpose, now }: { token: string; purpose: AccountTokenPurpose; now: Date }): Promise<{ userId: number; email: string } | null> {
  const rows = await tx.$queryRaw<{ user_id: number; email: string }[]>`
    UPDATE account_tokens SET used_at = ${now}
    WHERE token_hash = ${hashAccountToken(token)} AND purpose = ${purpose}::"AccountTokenPurpose" AND used_at IS NULL AND expires_at > ${now}
    RETURNING user_id, email`;
  const row = rows[0];
  return row ? { userId: row.user_id, email: row.email } : null;
}

/** Whether a link would work now, without spending it (the pages a link opens ask before showing their form). */
export async function accountTokenUsable({ token, purpose, now = new Date() }: { token: string; purpose: AccountTokenPurpose; now?: Date }): Promise<boolean> {
  if (!ACCOUNT_TOKEN_PATTERN[purpose].test(token)) return false;
  const row = await db.accountToken.findUnique({ where: { tokenHash: hashAccountToken(token) }, select: { purpose: true, usedAt: true, expiresAt: true } });
  return Boolean(row && row.purpose === purpose && !row.usedAt && row.expiresAt > now);
}

/** The one answer for a link that cannot be used, whatever the reason. */
export const INVALID_LINK: Record<AccountTokenPurpose, string> = {
  password_reset: "This password reset link can't be used: it was already used, it expired, or a newer one was sent. Ask for a new link.",
  verify_email: "This verification link can't be used: it was already used, it expired, or a newer one was sent. Send a new one from your account settings.",
};
