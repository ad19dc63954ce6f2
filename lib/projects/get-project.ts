import { db } from "@/lib/db/client";
import { notFound } from "@/lib/http/errors";
import { projectSelect, toProjectView } from "@/lib/projects/schemas";

export async function getProjectOrThrow({ orgId, id }: { orgId: number; id: number }) {
  const project = await db.project.findFirst({ where: { id, organizationId: orgId, archivedAt: null }, select: projectSelect });
  if (!project) throw notFound("Project");
  return toProjectView(project);
}
