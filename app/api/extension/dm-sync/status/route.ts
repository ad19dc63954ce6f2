// GET /api/extension/dm-sync/status - the calling device's last sync stamp and per-channel liveness (bearer)
import { withDevice } from "@/lib/http/with-device";
import { getSyncStatus } from "@/lib/extension/get-sync-status";

export const GET = withDevice({}, async ({ orgId, deviceId }) => Response.json(await getSyncStatus({ orgId, deviceId })));
