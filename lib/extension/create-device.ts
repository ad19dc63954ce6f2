// Mints a device: a fresh random token, shown once to the caller and stored only as its sha256 (SPEC 5.2: one token
// per device, never a shared one). Used by pairing-code redemption and by auto-pair.
import { randomBytes } from "node:crypto";
import { db, type Tx } from "@/lib/db/client";
import { hashDeviceToken } from "@/lib/extension/resolve-device";

export const DEFAULT_DEVICE_NAME = "Browser extension";
/** `odt_` plus 8 characters: enough to tell devices apart in Settings, far too little to guess the rest. */
const PREFIX_LENGTH = 12;

export interface PairedDevice {
  token: string;
  deviceId: number;
  deviceName: string;
  tokenPrefix: string;
  organization: string;
}

export function newDeviceToken(): string {
  return `odt_${randomBytes(32).toString("base64url")}`;
}

export async function createDevice(
  client: Tx | typeof db,
  { orgId, userId, name }: { orgId: number; userId: number | null; name?: string },
): Promise<PairedDevice> {
  const token = newDeviceToken();
  const device = await client.extensionDevice.create({
    data: {
      organizationId: orgId,
      userId,
      name: name ?? DEFAULT_DEVICE_NAME,
      tokenHash: hashDeviceToken(token),
      tokenPrefix: token.slice(0, PREFIX_LENGTH),
    },
    select: { id: true, name: true, tokenPrefix: true, organization: { select: { name: true } } },
  });
  return { token, deviceId: device.id, deviceName: device.name, tokenPrefix: device.tokenPrefix, organization: device.organization.name };
}
