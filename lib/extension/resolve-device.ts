// Resolves `Authorization: Bearer <token>` to a non-revoked extension device. Tokens are stored only as
// sha256 hashes, so a leaked database does not leak usable tokens.
import { createHash } from "node:crypto";
import { db } from "@/lib/db/client";

export interface DeviceCaller {
  orgId: number;
  deviceId: number;
}

export function hashDeviceToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export async function resolveDevice(authorization: string | null): Promise<DeviceCaller | null> {
  const match = authorization?.match(/^Bearer\s+(\S+)$/i);
  if (!match) return null;
  const device = await db.extensionDevice.findUnique({
    where: { tokenHash: hashDeviceToken(match[1]) },
    select: { id: true, organizationId: true, revoked: true },
  });
  if (!device || device.revoked) return null;
  return { orgId: device.organizationId, deviceId: device.id };
}
