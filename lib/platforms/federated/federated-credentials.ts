// Which instance a federated account lives on and the token it acts with. Account credentials are sealed
// (lib/crypto/credentials.ts); for the federated platform the decrypted object is
//   { instanceUrl?: "https://social.example", accessToken?: "…" }
// and `token` is read as the access token too, because that is the field the account form stores today. Without an
// instanceUrl the instance is OUTREACH_FEDERATED_BASE_URL.
import { z } from "zod";
import { AppError } from "@/lib/http/errors";
import { openCredentials } from "@/lib/crypto/credentials";
import { normaliseBaseUrl, platformBaseUrl } from "@/lib/platforms/config";
import type { FederatedInstance } from "@/lib/platforms/federated/federated-client";

const ZFederatedCredentials = z
  .object({
    instanceUrl: z.string().trim().min(1).optional(),
    accessToken: z.string().trim().min(1).optional(),
    token: z.string().trim().min(1).optional(),
  })
  .loose();

export interface SealedCredentials {
  credentialsCiphertext: Uint8Array | null;
  credentialsKeyId: string | null;
}

export function federatedInstanceFor(account: (SealedCredentials & { id: number }) | null): FederatedInstance {
  if (!account?.credentialsCiphertext || !account.credentialsKeyId) return { baseUrl: platformBaseUrl("federated"), accessToken: null };
  let opened: unknown;
  try {
    opened = openCredentials(account.credentialsCiphertext, account.credentialsKeyId);
  } catch {
    // The key that sealed them is no longer configured (OUTREACH_CREDENTIALS_KEYS rotation) or the data is damaged.
    throw new AppError("unprocessable", `The credentials of account ${account.id} cannot be opened with the configured keys`);
  }
  const parsed = ZFederatedCredentials.safeParse(opened);
  const creds = parsed.success ? parsed.data : {};
  return {
    baseUrl: creds.instanceUrl ? normaliseBaseUrl(creds.instanceUrl, `the instanceUrl of account ${account.id}`) : platformBaseUrl("federated"),
    accessToken: creds.accessToken ?? creds.token ?? null,
  };
}
