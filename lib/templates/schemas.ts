import { z } from "zod";
import { ZText } from "@/lib/http/fields";

export const ZTemplateInput = z.object({
  kind: z.enum(["dm", "comment", "post"]).describe("Which drafts this example anchors"),
  title: ZText.trim().min(1).max(200),
  body: ZText.trim().min(1).max(20_000),
  isActive: z.boolean().optional().describe("false archives the template without deleting it"),
});
export const ZTemplatePatch = ZTemplateInput.partial().strict();

/** GET /api/projects/[id]/templates: archived=1 lists archived templates too. */
export const ZListTemplatesQuery = z.object({ archived: z.enum(["0", "1"]).optional() });

export type TemplateInput = z.infer<typeof ZTemplateInput>;
export type TemplatePatch = z.infer<typeof ZTemplatePatch>;

export const templateSelect = { id: true, projectId: true, kind: true, title: true, body: true, isActive: true, createdAt: true, updatedAt: true } as const;
