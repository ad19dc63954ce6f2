// POST /api/extension/pair: a pairing code becomes a device token. The code is claimed with one conditional UPDATE
// (unused and unexpired), so two redemptions racing for the same code cannot both win. Failed attempts are counted
// per address (pairing-throttle); past the limit that address waits, even with a right code, as sign-in does. No
// one else's guesses ever hold back a valid code.
import { db } from "@/lib/db/client";
import { AppError, rateLimited } from "@/lib/http/errors";
import { createDevice, type PairedDevice } from "@/lib/extension/create-device";
import { hashPairingCode } from "@/lib/extension/pairing-code";
import { pairingRetryAfter, recordPairingFailure, type PairingAttempt } from "@/lib/extension/pairing-throttle";

export async function redeemPairingCode(input: { code: string; name?: string; address: string; now?: Date }): Promise<PairedDevice> {
  const { code, name } = input;
  const now = input.now ?? new Date();
  const attempt: PairingAttempt = { address: input.address, now };
  const wait = await pairingRetryAfter(attempt);
  if (wait !== null) throw rateLimited("Too many wrong pairing codes. Try again in a few minutes.", wait);
  const codeHash = hashPairingCode(code);
  const paired = await db.$transaction(async (tx) => {
    // Found by hash before the organization is known: the code is the credential that names the organization.
    const row = await tx.pairingCode.findUnique({ where: { codeHash }, select: { id: true, organizationId: true, userId: true } });
    const claimed = row
      ? await tx.pairingCode.updateMany({ where: { id: row.id, usedAt: null, expiresAt: { gt: now } }, data: { usedAt: now } })
      : { count: 0 };
    if (!row || claimed.count === 0) return null;
    return createDevice(tx, { orgId: row.organizationId, userId: row.userId, name });
  });
  if (!paired) {
    await recordPairingFailure(attempt);
    // One answer for unknown, expired and used codes, so guessing teaches nothing.
    throw new AppError("unauthorized", "The pairing code is invalid, expired or already used");
  }
  return paired;
}
