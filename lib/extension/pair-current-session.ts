// POST /api/extension/auto-pair: a fresh device for the organization of the dashboard tab the extension injected
// its script into (the session's organization, or the default one with sign-in off). Every call mints a new
// device, so re-pairing never hands back a token that was shown before.
import { db } from "@/lib/db/client";
import { createDevice, type PairedDevice } from "@/lib/extension/create-device";

export function pairCurrentSession({ orgId, userId, name }: { orgId: number; userId: number | null; name?: string }): Promise<PairedDevice> {
  return createDevice(db, { orgId, userId, name });
}
