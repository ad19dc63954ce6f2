import { db } from "@/lib/db/client";
import { getProjectOrThrow } from "@/lib/projects/get-project";
import { projectSelect, type ProjectPatch } from "@/lib/projects/schemas";

export async function updateProject({ orgId, id, patch }: { orgId: number; id: number; patch: ProjectPatch }) {
  await getProjectOrThrow({ orgId, id });
  return db.project.update({ where: { id }, data: patch, select: projectSelect });
}
