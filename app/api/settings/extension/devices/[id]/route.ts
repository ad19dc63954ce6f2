// DELETE /api/settings/extension/devices/[id] - revoke a device: its token answers 401 from now on (session, admin)
import { withOrg } from "@/lib/http/with-org";
import { ZDeviceIdParams } from "@/lib/extension/schemas";
import { revokeDevice } from "@/lib/extension/revoke-device";

export const DELETE = withOrg({ params: ZDeviceIdParams, role: "admin" }, async ({ orgId, params }) =>
  Response.json({ device: await revokeDevice({ orgId, id: params.id }) }),
);
