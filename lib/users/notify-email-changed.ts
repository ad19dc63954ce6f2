// After the address changes, a notice to the old one: resets now go to the new address, so the old one is where
// the owner of an account someone else took over would still hear of it. The new address is masked in it.
import type { Logger } from "@/lib/log/logger";
import { mailSettings } from "@/lib/mail/mail-settings";
import { emailChangedMail } from "@/lib/mail/messages";
import { sendMailLater } from "@/lib/mail/send-mail";
import { mailTimeZone } from "@/lib/users/mail-time-zone";

export function notifyEmailChanged({ oldEmail, newEmail, username, at, timeZone, log }: { oldEmail: string | null; newEmail: string; username: string; at: Date; timeZone: string | null; log: Logger }): void {
  const settings = mailSettings();
  if (!settings || !oldEmail || oldEmail === newEmail) return;
  const signInLink = `${settings.publicOrigin}/login`;
  sendMailLater(settings, emailChangedMail({ to: oldEmail, username, newEmail, at, timeZone: mailTimeZone(timeZone), signInLink }), log, "email_changed");
}
