// POST /api/people/erase - erase everything held about one person, confirmed by typing the handle; leaves a
// suppression, an audit entry and a contact.erased webhook (session, admins only; docs/privacy.md)
import { withOrg } from "@/lib/http/with-org";
import { userActor } from "@/lib/drafts/actor";
import { ZErasePersonBody } from "@/lib/privacy/schemas";
import { erasePerson } from "@/lib/privacy/erase-person";

export const POST = withOrg({ body: ZErasePersonBody, role: "admin" }, async ({ orgId, body, ...caller }) => {
  const actor = userActor(caller);
  return Response.json(await erasePerson({ orgId, ...body, actor: { userId: actor.type === "user" ? actor.id : null, label: actor.label ?? "someone" } }));
});
