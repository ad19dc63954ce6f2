// Deleting a project removes its accounts, campaigns, templates and project-scoped blocklist entries
// (foreign keys cascade), and the source files it handed over (an uploaded archive, a cloned repository).
// Drafts and runs keep their history with the project link cleared.
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/http/errors";
import { deleteProjectSourceFiles } from "@/lib/sources/managed-source-dir";

export async function deleteProject({ orgId, id }: { orgId: number; id: number }) {
  const { count } = await db.project.deleteMany({ where: { id, organizationId: orgId } });
  if (count === 0) throw notFound("Project");
  await deleteProjectSourceFiles(orgId, id);
}
