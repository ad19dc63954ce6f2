// POST /api/extension/pair: a pairing code becomes a device token. The code is claimed with one conditional UPDATE
// (unused and unexpired), so two redemptions racing for the same code cannot both win.
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/http/errors";
import { createDevice, type PairedDevice } from "@/lib/extension/create-device";
import { hashPairingCode } from "@/lib/extension/pairing-code";

export async function redeemPairingCode({ code, name, now = new Date() }: { code: string; name?: string; now?: Date }): Promise<PairedDevice> {
  const codeHash = hashPairingCode(code);
  return db.$transaction(async (tx) => {
    // Found by hash before the organization is known: the code is the credential that names the organization.
    const row = await tx.pairingCode.findUnique({ where: { codeHash }, select: { id: true, organizationId: true, userId: true } });
    const claimed = row
      ? await tx.pairingCode.updateMany({ where: { id: row.id, usedAt: null, expiresAt: { gt: now } }, data: { usedAt: now } })
      : { count: 0 };
    // One answer for unknown, expired and used codes, so guessing teaches nothing.
    if (!row || claimed.count === 0) throw new AppError("unauthorized", "The pairing code is invalid, expired or already used");
    return createDevice(tx, { orgId: row.organizationId, userId: row.userId, name });
  });
}
