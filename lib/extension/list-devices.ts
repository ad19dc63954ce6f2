// Settings → Extension: this organization's paired devices, newest first. Never selects the token hash.
import { db } from "@/lib/db/client";
import { channelLiveness, readStoredStatus } from "@/lib/extension/channel-liveness";

export const deviceViewSelect = {
  id: true, name: true, tokenPrefix: true, createdAt: true, lastSeenAt: true, lastSyncAt: true, lastSyncStatus: true,
  revoked: true, revokedAt: true,
} as const;

type DeviceRow = {
  id: number; name: string; tokenPrefix: string; createdAt: Date; lastSeenAt: Date | null; lastSyncAt: Date | null;
  lastSyncStatus: unknown; revoked: boolean; revokedAt: Date | null;
};

export function toDeviceView(d: DeviceRow, now: Date = new Date()) {
  const liveness = channelLiveness(d.lastSyncStatus, d.lastSyncAt, now);
  return {
    id: d.id,
    name: d.name,
    tokenPrefix: d.tokenPrefix,
    createdAt: d.createdAt.toISOString(),
    lastSeenAt: d.lastSeenAt?.toISOString() ?? null,
    lastSyncAt: d.lastSyncAt?.toISOString() ?? null,
    revoked: d.revoked,
    revokedAt: d.revokedAt?.toISOString() ?? null,
    status: readStoredStatus(d.lastSyncStatus),
    channels: liveness.channels,
    stale: liveness.stale,
  };
}
export type DeviceView = ReturnType<typeof toDeviceView>;

export async function listDevices({ orgId, now = new Date() }: { orgId: number; now?: Date }): Promise<DeviceView[]> {
  const rows = await db.extensionDevice.findMany({
    where: { organizationId: orgId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: deviceViewSelect,
  });
  return rows.map((r) => toDeviceView(r, now));
}
