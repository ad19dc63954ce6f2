// Settings → Extension → Revoke: the device's token stops working at once (resolveDevice skips revoked rows). The
// row stays so the list keeps its history; revoking twice changes nothing.
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/http/errors";
import { deviceViewSelect, toDeviceView } from "@/lib/extension/list-devices";

export async function revokeDevice({ orgId, id, now = new Date() }: { orgId: number; id: number; now?: Date }) {
  await db.extensionDevice.updateMany({ where: { id, organizationId: orgId, revoked: false }, data: { revoked: true, revokedAt: now } });
  const device = await db.extensionDevice.findFirst({ where: { id, organizationId: orgId }, select: deviceViewSelect });
  if (!device) throw notFound("Device");
  return toDeviceView(device, now);
}
