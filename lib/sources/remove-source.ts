// DELETE /api/projects/[id]/source: the project keeps no source; files it handed over are deleted.
import { db } from "@/lib/db/client";
import { getProjectOrThrow } from "@/lib/projects/get-project";
import { lockProjectSource } from "@/lib/sources/install-source";
import { deleteProjectSourceFiles } from "@/lib/sources/managed-source-dir";
import { NO_SOURCE } from "@/lib/sources/source-view";

export async function removeSource({ orgId, projectId }: { orgId: number; projectId: number }): Promise<void> {
  await getProjectOrThrow({ orgId, id: projectId });
  await db.$transaction(async (tx) => {
    await lockProjectSource(tx, orgId, projectId);
    await tx.project.updateMany({ where: { id: projectId, organizationId: orgId }, data: NO_SOURCE });
  });
  await deleteProjectSourceFiles(orgId, projectId);
}
