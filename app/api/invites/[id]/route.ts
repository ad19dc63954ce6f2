// DELETE /api/invites/[id] - revoke a pending invitation (session, admin)
import { z } from "zod";
import { withOrg } from "@/lib/http/with-org";
import { ZId } from "@/lib/http/fields";
import { revokeInvite } from "@/lib/invites/revoke-invite";

export const DELETE = withOrg({ apiKeys: false, params: z.object({ id: ZId }), role: "admin" }, async ({ orgId, params }) => Response.json(await revokeInvite({ orgId, id: params.id })));
