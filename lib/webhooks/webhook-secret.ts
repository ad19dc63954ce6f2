// Endpoint signing secrets: `whsec_` + 24 random bytes in base64, the Standard Webhooks form. They are needed in clear
// to sign, so they are sealed at rest with the credentials key (AES-256-GCM) rather than hashed.
import { randomBytes } from "node:crypto";
import { openCredentials, sealCredentials } from "@/lib/crypto/credentials";

export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString("base64")}`;
}

/** Enough to recognise a secret (and tell it from the next one) without revealing it. */
export function secretPrefix(secret: string): string {
  return secret.slice(0, 12);
}

export function sealSecret(secret: string): { ciphertext: Uint8Array<ArrayBuffer>; keyId: string } {
  return sealCredentials({ secret });
}

export function openSecret(ciphertext: Uint8Array, keyId: string): string {
  return (openCredentials(ciphertext, keyId) as { secret: string }).secret;
}
