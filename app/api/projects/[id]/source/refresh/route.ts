// POST /api/projects/[id]/source/refresh - fetch the project's Git repository again ("Fetch again") (session)
import { z } from "zod";
import { withOrg } from "@/lib/http/with-org";
import { ZId } from "@/lib/http/fields";
import { ZRefreshSourceBody } from "@/lib/sources/schemas";
import { refreshProjectSource } from "@/lib/sources/refresh-project-source";

const ZParams = z.object({ id: ZId });

export const POST = withOrg({ params: ZParams, body: ZRefreshSourceBody }, async ({ orgId, params }) =>
  Response.json(await refreshProjectSource({ orgId, projectId: params.id })),
);
