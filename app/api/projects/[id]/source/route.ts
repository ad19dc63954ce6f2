// DELETE /api/projects/[id]/source - the project keeps no source; an uploaded archive's or a clone's files are deleted (session)
import { z } from "zod";
import { withOrg } from "@/lib/http/with-org";
import { ZId } from "@/lib/http/fields";
import { removeSource } from "@/lib/sources/remove-source";

const ZParams = z.object({ id: ZId });

export const DELETE = withOrg({ params: ZParams }, async ({ orgId, params }) => {
  await removeSource({ orgId, projectId: params.id });
  return new Response(null, { status: 204 });
});
