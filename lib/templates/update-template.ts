// Edits a template, or archives it (isActive false) so it stops anchoring drafts without losing it.
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/http/errors";
import { templateSelect, type TemplatePatch } from "@/lib/templates/schemas";

export async function updateTemplate(opts: { orgId: number; projectId: number; templateId: number; patch: TemplatePatch }) {
  const found = await db.template.findFirst({
    where: { id: opts.templateId, projectId: opts.projectId, organizationId: opts.orgId },
    select: { id: true },
  });
  if (!found) throw notFound("Template");
  return db.template.update({ where: { id: found.id }, data: opts.patch, select: templateSelect });
}
