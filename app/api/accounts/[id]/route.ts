// PATCH/DELETE /api/accounts/[id] - edit (make default, replace or erase credentials) or delete an account (session)
import { z } from "zod";
import { withOrg } from "@/lib/http/with-org";
import { ZId } from "@/lib/http/fields";
import { ZAccountPatch } from "@/lib/accounts/schemas";
import { updateAccount } from "@/lib/accounts/update-account";
import { deleteAccount } from "@/lib/accounts/delete-account";

const ZParams = z.object({ id: ZId });

export const PATCH = withOrg({ params: ZParams, body: ZAccountPatch }, async ({ orgId, params, body }) =>
  Response.json(await updateAccount({ orgId, id: params.id, patch: body })),
);

export const DELETE = withOrg({ params: ZParams }, async ({ orgId, params }) => {
  await deleteAccount({ orgId, id: params.id });
  return new Response(null, { status: 204 });
});
