// Settings → Extension → Generate pairing code. The code is returned once; only its hash is kept.
import { db } from "@/lib/db/client";
import { hashPairingCode, newPairingCode } from "@/lib/extension/pairing-code";

/** Short-lived by design (issue 6: "expiring in minutes"): long enough to type, too short to leak usefully. */
export const PAIRING_CODE_TTL_MS = 10 * 60_000;

export async function createPairingCode({ orgId, userId, now = new Date() }: { orgId: number; userId: number | null; now?: Date }) {
  const code = newPairingCode();
  const expiresAt = new Date(now.getTime() + PAIRING_CODE_TTL_MS);
  await db.pairingCode.create({ data: { organizationId: orgId, userId, codeHash: hashPairingCode(code), expiresAt } });
  return { code, expiresAt: expiresAt.toISOString() };
}
