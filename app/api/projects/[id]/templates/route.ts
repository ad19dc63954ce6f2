// GET /api/projects/:id/templates - the project's templates (?archived=1 includes archived); POST - create one (session)
import { z } from "zod";
import { withOrg } from "@/lib/http/with-org";
import { ZId } from "@/lib/http/fields";
import { ZListTemplatesQuery, ZTemplateInput } from "@/lib/templates/schemas";
import { listTemplates } from "@/lib/templates/list-templates";
import { createTemplate } from "@/lib/templates/create-template";

const ZParams = z.object({ id: ZId });

export const GET = withOrg({ params: ZParams, query: ZListTemplatesQuery }, async ({ orgId, params, query }) =>
  Response.json({ templates: await listTemplates({ orgId, projectId: params.id, includeArchived: query.archived === "1" }) }),
);

export const POST = withOrg({ params: ZParams, body: ZTemplateInput }, async ({ orgId, params, body }) =>
  Response.json(await createTemplate({ orgId, projectId: params.id, input: body }), { status: 201 }),
);
