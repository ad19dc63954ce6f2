// GET /api/settings/extension/devices - this organization's paired extension devices with last sync and channel
// liveness (session)
import { withOrg } from "@/lib/http/with-org";
import { listDevices } from "@/lib/extension/list-devices";

export const GET = withOrg({}, async ({ orgId }) => Response.json({ devices: await listDevices({ orgId }) }));
