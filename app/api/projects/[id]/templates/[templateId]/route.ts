// PATCH /api/projects/:id/templates/:templateId - edit or archive (isActive false) a template (session)
import { z } from "zod";
import { withOrg } from "@/lib/http/with-org";
import { ZId } from "@/lib/http/fields";
import { ZTemplatePatch } from "@/lib/templates/schemas";
import { updateTemplate } from "@/lib/templates/update-template";

const ZParams = z.object({ id: ZId, templateId: ZId });

export const PATCH = withOrg({ params: ZParams, body: ZTemplatePatch }, async ({ orgId, params, body }) =>
  Response.json(await updateTemplate({ orgId, projectId: params.id, templateId: params.templateId, patch: body })),
);
