// API keys look like `oak_<8-character id>_<secret>`. The id part is the visible prefix a person recognises a key by
// (Settings > API keys shows `oak_AbCd1234…`); only the SHA-256 of the whole key is stored.
import { createHash, randomBytes } from "node:crypto";

export const API_KEY_PATTERN = /^oak_[A-Za-z0-9]{8}_[A-Za-z0-9_-]{43}$/;

const ALPHANUMERIC = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

export function hashApiKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

export function mintApiKey(): { key: string; prefix: string; hash: string } {
  const id = Array.from(randomBytes(8), (b) => ALPHANUMERIC[b % ALPHANUMERIC.length]).join("");
  const key = `oak_${id}_${randomBytes(32).toString("base64url")}`;
  return { key, prefix: `oak_${id}`, hash: hashApiKey(key) };
}
