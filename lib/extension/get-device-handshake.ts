// What a device learns when it says hello: that its token works, which organization it serves, server time.
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/http/errors";

export async function getDeviceHandshake({ orgId, deviceId }: { orgId: number; deviceId: number }) {
  const device = await db.extensionDevice.findFirst({
    where: { id: deviceId, organizationId: orgId },
    select: { id: true, name: true, organization: { select: { name: true } } },
  });
  if (!device) throw notFound("Device");
  return { ok: true, deviceId: device.id, deviceName: device.name, organization: device.organization.name, serverTime: new Date().toISOString() };
}
