import { db } from "@/lib/db/client";
import { getProjectOrThrow } from "@/lib/projects/get-project";
import { templateSelect } from "@/lib/templates/schemas";

export async function listTemplates({ orgId, projectId, includeArchived = false }: { orgId: number; projectId: number; includeArchived?: boolean }) {
  await getProjectOrThrow({ orgId, id: projectId });
  return db.template.findMany({
    where: { organizationId: orgId, projectId, ...(includeArchived ? {} : { isActive: true }) },
    orderBy: [{ isActive: "desc" }, { createdAt: "desc" }],
    select: templateSelect,
  });
}
