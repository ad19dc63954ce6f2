// How often mail may be asked for, counted in the fixed windows of lib/auth/failure-window (PostgreSQL, so every
// instance counts the same). Each limit stops one way of turning the dashboard into a mail cannon or an inbox flooder.
import { createHash } from "node:crypto";
import { takeFromWindow } from "@/lib/auth/failure-window";
import { rateLimited } from "@/lib/http/errors";
import { throttleAddress } from "@/lib/http/request-origin";

export const MAIL_WINDOW_MS = 60 * 60 * 1000;
export const MAIL_LIMITS = {
  /** Password reset requests from one client address, whatever addresses they name. */
  resetPerAddress: 20,
  /** Password reset requests for one email address, from anywhere (counted for addresses without an account too). */
  resetPerEmail: 5,
  /** Verification mails for one person (sign-up, a new address, Send again). */
  verificationPerUser: 5,
  /** Invitation mails from one organization. */
  invitationPerOrganization: 30,
} as const;

const minutes = (seconds: number) => Math.max(1, Math.ceil(seconds / 60));

/** Counts a reset request, or refuses it with 429 (per client address first, then per email address). */
export async function takePasswordReset({ address, email, now }: { address: string; email: string; now: Date }): Promise<void> {
  const byAddress = await takeFromWindow({ key: `reset-ip:${throttleAddress(address)}`, max: MAIL_LIMITS.resetPerAddress }, MAIL_WINDOW_MS, now);
  if (byAddress !== null) throw rateLimited(`Too many password reset requests from this network. Try again in ${minutes(byAddress)} minutes.`, byAddress);
  // Keyed by a digest: the counter table should not collect the addresses people type, accounts or not.
  const digest = createHash("sha256").update(email).digest("hex").slice(0, 32);
  const byEmail = await takeFromWindow({ key: `reset-email:${digest}`, max: MAIL_LIMITS.resetPerEmail }, MAIL_WINDOW_MS, now);
  if (byEmail !== null) throw rateLimited(`Too many password reset requests for this address. Check your inbox (and spam folder), or try again in ${minutes(byEmail)} minutes.`, byEmail);
}

/** Seconds to wait before another verification mail for this person, or null when one may be sent (and is counted). */
export function takeVerificationMail({ userId, now }: { userId: number; now: Date }): Promise<number | null> {
  return takeFromWindow({ key: `verify-mail:${userId}`, max: MAIL_LIMITS.verificationPerUser }, MAIL_WINDOW_MS, now);
}

export async function takeInvitationMail({ orgId, now }: { orgId: number; now: Date }): Promise<void> {
  const wait = await takeFromWindow({ key: `invite-mail:${orgId}`, max: MAIL_LIMITS.invitationPerOrganization }, MAIL_WINDOW_MS, now);
  if (wait !== null) {
    throw rateLimited(`This organization sent ${MAIL_LIMITS.invitationPerOrganization} invitation mails in the last hour. Make the link without an email address and send it yourself, or try again in ${minutes(wait)} minutes.`, wait);
  }
}
