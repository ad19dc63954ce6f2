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
export const ZSignupBody = z.object({
  organizationName: z.string().trim().min(1).max(120),
  username: ZUsername,
  password: ZPassword,
});
