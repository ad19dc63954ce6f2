import { z } from "zod";

export const ZUsername = z
  .string()
  .trim()
  .toLowerCase()
  .min(3)
  .max(64)
  .regex(/^[a-z0-9._-]+$/, "Use letters, digits, dots, dashes and underscores");
export const ZPassword = z.string().min(10, "Use at least 10 characters").max(200);

export const ZLoginBody = z.object({ username: z.string().min(1).max(200), password: z.string().min(1).max(200) });
export const ZSignupBody = z
  .object({
    organizationName: z.string().trim().min(1).max(120).optional(),
    username: ZUsername,
    password: ZPassword,
    // Sign up by an invitation link: the new user joins its organization instead of creating one.
    inviteToken: z.string().trim().regex(/^inv_[A-Za-z0-9_-]{43}$/, "Not an invitation token").optional(),
  })
  .strict();
