// GET/PATCH/DELETE /api/playbooks/[id] - read, edit or delete a playbook; built-in playbooks are read-only (session)
import { z } from "zod";
import { withOrg } from "@/lib/http/with-org";
import { ZId } from "@/lib/http/fields";
import { ZPlaybookPatch } from "@/lib/playbooks/schemas";
import { getPlaybookOrThrow } from "@/lib/playbooks/get-playbook";
import { updatePlaybook } from "@/lib/playbooks/update-playbook";
import { deletePlaybook } from "@/lib/playbooks/delete-playbook";

const ZParams = z.object({ id: ZId });

export const GET = withOrg({ params: ZParams }, async ({ orgId, params }) => Response.json(await getPlaybookOrThrow({ orgId, id: params.id })));

export const PATCH = withOrg({ params: ZParams, body: ZPlaybookPatch }, async ({ orgId, params, body }) =>
  Response.json(await updatePlaybook({ orgId, id: params.id, patch: body })),
);

export const DELETE = withOrg({ params: ZParams }, async ({ orgId, params }) => {
  await deletePlaybook({ orgId, id: params.id });
  return new Response(null, { status: 204 });
});
