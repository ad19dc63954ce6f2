// After a password change (Settings, or a reset link), a notice to the account's address: the one way a person hears
// that someone else changed it while they can still act. Sent in the background, like every account mail; no
// address or no mail configured means no notice, and nothing fails.
import type { Logger } from "@/lib/log/logger";
import { mailSettings } from "@/lib/mail/mail-settings";
import { passwordChangedMail } from "@/lib/mail/messages";
import { sendMailLater } from "@/lib/mail/send-mail";
import { mailTimeZone } from "@/lib/users/mail-time-zone";

export function notifyPasswordChanged({ email, username, at, timeZone, log }: { email: string | null; username: string; at: Date; timeZone: string | null; log: Logger }): void {
  const settings = mailSettings();
  if (!settings || !email) return;
  // Forgot password, not a reset link: a link in a notice would be a credential sitting in the mailbox.
  const resetLink = `${settings.publicOrigin}/forgot-password`;
  sendMailLater(settings, passwordChangedMail({ to: email, username, at, timeZone: mailTimeZone(timeZone), resetLink }), log, "password_changed");
}
