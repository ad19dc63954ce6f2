// GET /api/extension/dm-sync/status: what this backend last heard from the calling device.
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/http/errors";
import { channelLiveness, readStoredStatus } from "@/lib/extension/channel-liveness";

export async function getSyncStatus({ orgId, deviceId, now = new Date() }: { orgId: number; deviceId: number; now?: Date }) {
  const device = await db.extensionDevice.findFirst({
    where: { id: deviceId, organizationId: orgId },
    select: { id: true, lastSyncAt: true, lastSyncStatus: true },
  });
  if (!device) throw notFound("Device");
  const liveness = channelLiveness(device.lastSyncStatus, device.lastSyncAt, now);
  return {
    deviceId: device.id,
    lastSyncAt: device.lastSyncAt?.toISOString() ?? null,
    status: readStoredStatus(device.lastSyncStatus),
    channels: liveness.channels,
    stale: liveness.stale,
  };
}
