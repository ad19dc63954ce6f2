import { z } from "zod";
import { PLATFORMS } from "@/lib/campaigns/catalog";

export const ZCredentials = z
  .object({
    username: z.string().max(200).optional(),
    password: z.string().max(1000).optional(),
    token: z.string().max(5000).optional(),
    // The federated platform's instance the account lives on (its API base), e.g. https://social.example.
    instanceUrl: z.url({ protocol: /^https?$/ }).max(500).optional(),
  })
  .strict()
  .describe("Sign-in secrets for the platform identity; stored encrypted, never returned");

export const ZAccountInput = z.object({
  platform: z.enum(PLATFORMS),
  platformId: z.string().trim().min(1).max(200).describe("The handle on the platform"),
  displayName: z.string().trim().max(200).nullable().optional(),
  isDefault: z.boolean().optional(),
  credentials: ZCredentials.nullable().optional(),
});
export const ZAccountPatch = ZAccountInput.omit({ platform: true }).partial().strict();
export type AccountInput = z.infer<typeof ZAccountInput>;
export type AccountPatch = z.infer<typeof ZAccountPatch>;

// Never select the ciphertext for a response; `hasCredentials` is derived from the key id.
export const accountSelect = {
  id: true, projectId: true, platform: true, platformId: true, displayName: true, isDefault: true,
  credentialsKeyId: true, createdAt: true, lastUsedAt: true, lastFailedAt: true, lastFailureReason: true,
} as const;

/**
 * Where an account's credentials stand: `none` (nothing stored), `stored` (never used yet), `working` (the platform
 * accepted them last) or `failed` (the platform refused them last; `lastFailureReason` says how).
 */
export type AccountState = "none" | "stored" | "working" | "failed";

export function accountState(row: { credentialsKeyId: string | null; lastUsedAt: Date | null; lastFailedAt: Date | null }): AccountState {
  if (row.credentialsKeyId === null) return "none";
  if (row.lastFailedAt && (!row.lastUsedAt || row.lastFailedAt >= row.lastUsedAt)) return "failed";
  return row.lastUsedAt ? "working" : "stored";
}

export function toAccountView<T extends { credentialsKeyId: string | null; lastUsedAt: Date | null; lastFailedAt: Date | null }>(row: T) {
  const { credentialsKeyId, ...rest } = row;
  return { ...rest, hasCredentials: credentialsKeyId !== null, state: accountState(row) };
}
