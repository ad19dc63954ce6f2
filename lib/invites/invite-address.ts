// An invitation made for an email address is meant for that person. Where the service can verify addresses (mail is
// configured), only an account whose **verified** address it is may join with it: the link alone is not enough, since
// the admin who made it sees it too and may pass it on. Where no mail is sent nobody can verify an address, so the
// address only pre-fills the sign-up form, and the link works for whoever has it, like a link made without one.
import { AppError } from "@/lib/http/errors";
import { mailSettings } from "@/lib/mail/mail-settings";
import { maskEmail } from "@/lib/mail/messages";

/** Whether joining with this invitation needs the account's verified address to be `inviteEmail`. */
export function inviteBindsAddress(inviteEmail: string | null): inviteEmail is string {
  return inviteEmail !== null && mailSettings() !== null;
}

export function anotherAddressRefusal(inviteEmail: string): AppError {
  return new AppError(
    "forbidden",
    `This invitation was sent to ${maskEmail(inviteEmail)}. Sign in with the account of that address, or ask for an invitation to yours.`,
    { reason: "invite_address" },
  );
}

export function unverifiedAddressRefusal(): AppError {
  return new AppError(
    "forbidden",
    "Confirm your email address first: open the link we mailed to it (or send it again from Settings > Account), then open this invitation again.",
    { reason: "address_unverified" },
  );
}
