// PUT /api/auth/email: sets or changes the signed-in person's email address, given their current password (whoever
// controls the address can reset the password, so changing it is as sensitive as the password itself). The new
// address starts unverified; links sent to the old one stop working; when mail is configured a verification link
// goes to the new one and a notice to the old one (lib/users/notify-email-changed.ts).
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/http/errors";
import type { Logger } from "@/lib/log/logger";
import { mailSettings } from "@/lib/mail/mail-settings";
import { mailUnavailable } from "@/lib/mail/mail-unavailable";
import { checkCurrentPassword } from "@/lib/users/check-current-password";
import { getAccount, type AccountView } from "@/lib/users/get-account";
import { notifyEmailChanged } from "@/lib/users/notify-email-changed";
import { queueVerificationMail } from "@/lib/users/send-verification";

export async function changeEmail({ userId, email, currentPassword, address, log, now = new Date() }: { userId: number; email: string; currentPassword: string; address: string; log: Logger; now?: Date }): Promise<AccountView & { verificationSent: boolean; notice: string | null }> {
  const user = await checkCurrentPassword({ userId, password: currentPassword, address });
  if (user.email === email) return { ...(await getAccount({ userId })), verificationSent: false, notice: null };
  await db.$transaction(async (tx) => {
    const owner = await tx.user.findUnique({ where: { email }, select: { id: true } });
    if (owner) throw new AppError("conflict", "Another account already uses this email address. Use another one.", { field: "email" });
    await tx.user.update({ where: { id: userId }, data: { email, emailVerifiedAt: null } });
    await tx.accountToken.deleteMany({ where: { userId } });
  });
  notifyEmailChanged({ oldEmail: user.email, newEmail: email, username: user.username, at: now, timeZone: user.timeZone, log });
  const verificationSent = await queueVerificationMail({ userId, email, log, now });
  const notice = verificationSent
    ? `A verification link is on its way to ${email}.`
    : mailSettings()
      ? "Several verification mails were sent in the last hour: use Send again a little later."
      : mailUnavailable("verification");
  return { ...(await getAccount({ userId })), verificationSent, notice };
}
