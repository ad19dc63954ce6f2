// PATCH/DELETE /api/members/[id] - change a member's role; remove a member (session, admin; anything about owners
// takes an owner, and the last owner stays)
import { withOrg } from "@/lib/http/with-org";
import { ZChangeRoleBody, ZMemberIdParams } from "@/lib/members/schemas";
import { changeMemberRole } from "@/lib/members/change-member-role";
import { removeMember } from "@/lib/members/remove-member";

export const PATCH = withOrg({ apiKeys: false, params: ZMemberIdParams, body: ZChangeRoleBody, role: "admin" }, async ({ orgId, role, params, body }) =>
  Response.json(await changeMemberRole({ orgId, callerRole: role, id: params.id, role: body.role })),
);

export const DELETE = withOrg({ apiKeys: false, params: ZMemberIdParams, role: "admin" }, async ({ orgId, userId, role, params }) =>
  Response.json(await removeMember({ orgId, userId, callerRole: role, id: params.id })),
);
