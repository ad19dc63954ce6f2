// GET/POST /api/invites - pending invitations; create one: a single-use link valid for 7 days, answered once, and
// mailed to `email` when one is given and mail is configured (session, admin; inviting an owner takes an owner)
import { withOrg } from "@/lib/http/with-org";
import { publicOrigin } from "@/lib/http/request-origin";
import { ZCreateInviteBody } from "@/lib/invites/schemas";
import { listInvites } from "@/lib/invites/list-invites";
import { createInvite } from "@/lib/invites/create-invite";

export const GET = withOrg({ apiKeys: false, role: "admin" }, async ({ orgId }) => Response.json({ invites: await listInvites({ orgId }) }));

export const POST = withOrg({ apiKeys: false, body: ZCreateInviteBody, role: "admin" }, async ({ req, orgId, userId, role, body, log }) =>
  Response.json(await createInvite({ orgId, userId, callerRole: role, role: body.role, email: body.email, origin: publicOrigin(req.headers), log }), { status: 201 }),
);
