// Inputs of the single sign-on routes (docs/sso.md). The same schemas describe the HTTP API.
import { z } from "zod";
import { ZText } from "@/lib/http/fields";
import { ZEmail } from "@/lib/users/schemas";

/** An issuer is an https URL (http only on loopback-style test setups the outbound guard allows). */
const ZIssuer = ZText.trim()
  .max(500)
  .pipe(z.url({ protocol: /^https?$/, error: "Enter the provider's issuer URL, like https://login.example.com" }))
  .describe("The OpenID Connect issuer URL; discovery reads <issuer>/.well-known/openid-configuration");

export const ZSaveSsoConnectionBody = z
  .object({
    issuer: ZIssuer,
    clientId: ZText.trim().min(1).max(300).describe("The client id the provider gave this dashboard"),
    // Optional on a change: the stored secret is kept when none is sent.
    clientSecret: ZText.min(1).max(1000).optional().describe("The client secret; stored sealed, never shown again"),
  })
  .strict();

/** Roles a person can join with through the provider: never owner (an owner is made by another owner). */
export const ZSsoDefaultRole = z.enum(["member", "admin"]);

export const ZUpdateSsoSettingsBody = z
  .object({
    enabled: z.boolean().optional().describe("Whether people of the domain can sign in through the provider"),
    passwordSignInDisabled: z.boolean().optional().describe("Turn password sign-in off for people of the domain"),
    defaultRole: ZSsoDefaultRole.optional().describe("The role people join with on their first sign-in"),
  })
  .strict()
  .refine((b) => Object.keys(b).length > 0, "Send at least one of enabled, passwordSignInDisabled, defaultRole");

export const ZStartSsoBody = z.object({ email: ZEmail.describe("The person's work email address") }).strict();
