// Drives the "chat sync paused" banner on the Inbox and People pages (SPEC "Extension routes", server effects):
// any non-revoked device whose latest report says chat = unauthorized. The latest report is read as is, without
// the staleness rule of channel-liveness.ts, because the spec ties the banner to the report itself.
import { db } from "@/lib/db/client";
import { readStoredStatus } from "@/lib/extension/channel-liveness";

export async function getChatSyncHealth({ orgId }: { orgId: number }) {
  const devices = await db.extensionDevice.findMany({
    where: { organizationId: orgId, revoked: false, lastSyncStatus: { path: ["chat"], equals: "unauthorized" } },
    orderBy: { lastSyncAt: "desc" },
    select: { id: true, name: true, lastSyncAt: true, lastSyncStatus: true },
  });
  const unauthorized = devices
    .filter((d) => readStoredStatus(d.lastSyncStatus)?.chat === "unauthorized")
    .map((d) => ({ id: d.id, name: d.name, lastSyncAt: d.lastSyncAt?.toISOString() ?? null }));
  return { chatUnauthorized: unauthorized.length > 0, devices: unauthorized };
}
