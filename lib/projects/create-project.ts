// Creates a project. A source given with it is checked (a folder under the roots) or fetched (a repository, cloned
// before anything is written), so a refused source creates nothing.
import { db } from "@/lib/db/client";
import { projectSelect, requestedSource, toProjectView, type ProjectInput } from "@/lib/projects/schemas";
import { prepareSource } from "@/lib/sources/prepare-source";
import { deleteProjectSourceFiles, installTree } from "@/lib/sources/managed-source-dir";

export async function createProject({ orgId, input }: { orgId: number; input: ProjectInput }) {
  const source = requestedSource(input);
  const prepared = source === undefined ? null : await prepareSource({ orgId, input: source });
  let createdId: number | null = null;
  try {
    const row = await db.$transaction(async (tx) => {
      const created = await tx.project.create({
        data: { organizationId: orgId, name: input.name, description: input.description ?? "", website: input.website ?? null, ...(prepared?.data as object) },
        select: projectSelect,
      });
      createdId = created.id;
      if (prepared?.tree) await installTree(orgId, created.id, prepared.tree);
      return created;
    });
    return toProjectView(row);
  } catch (err) {
    if (createdId !== null && prepared?.tree) await deleteProjectSourceFiles(orgId, createdId);
    throw err;
  } finally {
    await prepared?.cleanup();
  }
}
