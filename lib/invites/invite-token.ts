// Invitation tokens: 32 random bytes in the link, only their SHA-256 in the database, so a leaked table opens nothing.
import { createHash, randomBytes } from "node:crypto";

export const INVITE_TTL_DAYS = 7;

export function mintInviteToken(): { token: string; hash: string } {
  const token = `inv_${randomBytes(32).toString("base64url")}`;
  return { token, hash: hashInviteToken(token) };
}

export function hashInviteToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
