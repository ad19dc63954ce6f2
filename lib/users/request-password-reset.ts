// POST /api/auth/password-reset: mails a single-use link (1 hour) to the account that uses this address, and answers
// the same whether or not one does, so the answer never tells who has an account. The lookup and the token statements
// run for unknown addresses too, and the mail goes out in the background, so the time taken says little either.
// Links go only to the address stored on the account, verified or not (docs/security.md, "Accounts and mail").
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/http/errors";
import type { Logger } from "@/lib/log/logger";
import { mailSettings } from "@/lib/mail/mail-settings";
import { mailUnavailable } from "@/lib/mail/mail-unavailable";
import { passwordResetMail } from "@/lib/mail/messages";
import { sendMailLater } from "@/lib/mail/send-mail";
import { issueAccountToken, LINK_PATH, PASSWORD_RESET_TTL_MS } from "@/lib/users/account-token";
import { takePasswordReset } from "@/lib/users/mail-throttle";

export const RESET_REQUESTED = "If an account uses this address, a link to choose a new password is on its way. It works once, for one hour.";

export async function requestPasswordReset({ email, address, log, now = new Date() }: { email: string; address: string; log: Logger; now?: Date }): Promise<{ message: string }> {
  const settings = mailSettings();
  if (!settings) throw new AppError("unavailable", mailUnavailable("password_reset"));
  await takePasswordReset({ address, email, now });
  const user = await db.user.findUnique({ where: { email }, select: { id: true, email: true } });
  const issued = await db.$transaction((tx) => issueAccountToken(tx, { userId: user?.id ?? null, purpose: "password_reset", email, now }));
  if (user?.email && issued) {
    const link = `${settings.publicOrigin}${LINK_PATH.password_reset}/${issued.token}`;
    sendMailLater(settings, passwordResetMail({ to: user.email, link, validMinutes: PASSWORD_RESET_TTL_MS / 60_000 }), log, "password_reset");
  }
  return { message: RESET_REQUESTED };
}
