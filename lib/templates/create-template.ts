import { db } from "@/lib/db/client";
import { getProjectOrThrow } from "@/lib/projects/get-project";
import { templateSelect, type TemplateInput } from "@/lib/templates/schemas";

export async function createTemplate({ orgId, projectId, input }: { orgId: number; projectId: number; input: TemplateInput }) {
  await getProjectOrThrow({ orgId, id: projectId });
  return db.template.create({
    data: { organizationId: orgId, projectId, kind: input.kind, title: input.title, body: input.body, isActive: input.isActive ?? true },
    select: templateSelect,
  });
}
