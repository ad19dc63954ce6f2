// Verification mails: after sign-up (in the background, so sign-up never waits on the mail server), after a new
// address is set, and on "Send again". Each is one new link (earlier ones stop working), counted per person.
import { db } from "@/lib/db/client";
import { AppError, rateLimited } from "@/lib/http/errors";
import type { Logger } from "@/lib/log/logger";
import { mailSettings, type MailSettings } from "@/lib/mail/mail-settings";
import { mailUnavailable } from "@/lib/mail/mail-unavailable";
import { verificationMail } from "@/lib/mail/messages";
import { sendMail, sendMailLater, type MailMessage } from "@/lib/mail/send-mail";
import { issueAccountToken, LINK_PATH, VERIFICATION_TTL_MS } from "@/lib/users/account-token";
import { takeVerificationMail } from "@/lib/users/mail-throttle";

async function prepare(settings: MailSettings, { userId, email, now }: { userId: number; email: string; now: Date }): Promise<MailMessage> {
  const issued = await db.$transaction((tx) => issueAccountToken(tx, { userId, purpose: "verify_email", email, now }));
  const link = `${settings.publicOrigin}${LINK_PATH.verify_email}/${issued!.token}`;
  return verificationMail({ to: email, link, validHours: VERIFICATION_TTL_MS / 3_600_000 });
}

/** After sign-up or a change of address: mailed in the background when mail is configured; false when nothing was sent. */
export async function queueVerificationMail({ userId, email, log, now = new Date() }: { userId: number; email: string; log: Logger; now?: Date }): Promise<boolean> {
  const settings = mailSettings();
  if (!settings) return false;
  if ((await takeVerificationMail({ userId, now })) !== null) return false;
  sendMailLater(settings, await prepare(settings, { userId, email, now }), log, "verification");
  return true;
}

/** POST /api/auth/email/verification ("Send again"): a new link now, or a sentence saying why not. */
export async function sendVerification({ userId, log, now = new Date() }: { userId: number; log: Logger; now?: Date }): Promise<{ sentTo: string }> {
  const settings = mailSettings();
  if (!settings) throw new AppError("unavailable", mailUnavailable("verification"));
  const user = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { email: true, emailVerifiedAt: true } });
  if (!user.email) throw new AppError("conflict", "Add an email address to your account first.");
  if (user.emailVerifiedAt) throw new AppError("conflict", "Your email address is already verified.");
  const wait = await takeVerificationMail({ userId, now });
  if (wait !== null) throw rateLimited(`Several verification mails were sent in the last hour. Check your inbox (and spam folder), or try again in ${Math.ceil(wait / 60)} minutes.`, wait);
  try {
    await sendMail(settings, await prepare(settings, { userId, email: user.email, now }));
  } catch (err) {
    log.error("mail not sent", { what: "verification", code: (err as { code?: string }).code ?? null, error: String((err as Error).message ?? err).slice(0, 300) });
    throw new AppError("unavailable", "The verification mail could not be sent just now. Please try again in a few minutes.");
  }
  return { sentTo: user.email };
}
