// The per-run secret the dispatcher hands the agent's tool server. Only its hash is stored (runs.run_token_hash).
import { createHash, randomBytes } from "node:crypto";

export function mintRunToken(): { token: string; hash: string } {
  const token = `ort_${randomBytes(32).toString("base64url")}`;
  return { token, hash: hashRunToken(token) };
}

export function hashRunToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
