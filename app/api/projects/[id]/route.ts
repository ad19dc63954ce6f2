// GET/PATCH/DELETE /api/projects/[id] - read, edit or delete a project (session)
import { z } from "zod";
import { withOrg } from "@/lib/http/with-org";
import { ZId } from "@/lib/http/fields";
import { ZProjectPatch } from "@/lib/projects/schemas";
import { getProjectOrThrow } from "@/lib/projects/get-project";
import { updateProject } from "@/lib/projects/update-project";
import { deleteProject } from "@/lib/projects/delete-project";

const ZParams = z.object({ id: ZId });

export const GET = withOrg({ params: ZParams }, async ({ orgId, params }) =>
  Response.json(await getProjectOrThrow({ orgId, id: params.id })),
);

export const PATCH = withOrg({ params: ZParams, body: ZProjectPatch }, async ({ orgId, params, body }) =>
  Response.json(await updateProject({ orgId, id: params.id, patch: body })),
);

export const DELETE = withOrg({ params: ZParams, role: "admin" }, async ({ orgId, params }) => {
  await deleteProject({ orgId, id: params.id });
  return new Response(null, { status: 204 });
});
