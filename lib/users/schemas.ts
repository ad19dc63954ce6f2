import { z } from "zod";
import { ZText } from "@/lib/http/fields";

export const ZUsername = z
  .string()
  .trim()
  .toLowerCase()
  .min(3)
  .max(64)
  .regex(/^[a-z0-9._-]+$/, "Use letters, digits, dots, dashes and underscores");
export const ZPassword = ZText.min(10, "Use at least 10 characters").max(200);
/** An email address, trimmed and lower-cased: addresses are compared case-insensitively and stored that way. */
export const ZEmail = ZText.trim().toLowerCase().max(254, "An email address has at most 254 characters").pipe(z.email("Enter an email address like name@example.com"));

/** The shape of a mailed link's token (lib/users/account-token.ts). */
export const ACCOUNT_TOKEN_PATTERN = {
  password_reset: /^rst_[A-Za-z0-9_-]{43}$/,
  verify_email: /^vfy_[A-Za-z0-9_-]{43}$/,
} as const;

// `username` is what the person typed to sign in: their username or their email address (docs/tenancy.md).
export const ZLoginBody = z.object({ username: ZText.min(1).max(254), password: ZText.min(1).max(200) });
export const ZSignupBody = z
  .object({
    organizationName: ZText.trim().min(1).max(120).optional(),
    // Required in the cloud edition (lib/users/sign-up.ts); the username is then derived from it when not given.
    email: ZEmail.optional(),
    username: ZUsername.optional(),
    password: ZPassword,
    // Sign up by an invitation link: the new user joins its organization instead of creating one.
    inviteToken: ZText.trim().regex(/^inv_[A-Za-z0-9_-]{43}$/, "Not an invitation token").optional(),
  })
  .strict();

export const ZPasswordResetRequestBody = z.object({ email: ZEmail }).strict();
export const ZPasswordResetConfirmBody = z
  .object({ token: ZText.regex(ACCOUNT_TOKEN_PATTERN.password_reset, "Not a password reset token"), password: ZPassword })
  .strict();
export const ZVerifyEmailBody = z.object({ token: ZText.regex(ACCOUNT_TOKEN_PATTERN.verify_email, "Not a verification token") }).strict();
export const ZChangePasswordBody = z.object({ currentPassword: ZText.min(1).max(200), newPassword: ZPassword }).strict();
export const ZChangeEmailBody = z.object({ email: ZEmail, currentPassword: ZText.min(1).max(200) }).strict();

/** Whether Intl knows `name` as a time zone (IANA names, and UTC). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
    return /^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*$/.test(name);
  } catch {
    return false;
  }
}

export const ZTimeZoneBody = z
  .object({
    timeZone: ZText.max(64)
      .refine(isTimeZone, { message: "Pick a time zone from the list (an IANA name such as Europe/Paris)" })
      .describe("The zone mails write times in, such as Europe/Paris; UTC for none"),
  })
  .strict();
