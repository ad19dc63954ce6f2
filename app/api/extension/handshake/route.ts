// POST /api/extension/handshake - liveness ping from a paired extension device (bearer token)
import { withDevice } from "@/lib/http/with-device";
import { getDeviceHandshake } from "@/lib/extension/get-device-handshake";

export const POST = withDevice({}, async ({ orgId, deviceId }) => Response.json(await getDeviceHandshake({ orgId, deviceId })));
