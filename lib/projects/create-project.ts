// Creates a project. A source given with it is checked (a folder under the roots) or fetched (a repository, cloned
// before anything is written), so a refused source creates nothing. The organization's project cap and storage quota
// are checked in the transaction that writes the row.
import { db } from "@/lib/db/client";
import { projectSelect, requestedSource, toProjectView, type ProjectInput } from "@/lib/projects/schemas";
import { prepareSource } from "@/lib/sources/prepare-source";
import { deleteProjectSourceFiles, installTree } from "@/lib/sources/managed-source-dir";
import { assertStorageRoom } from "@/lib/sources/storage-room";
import { assertProjectRoom } from "@/lib/projects/assert-project-room";

export async function createProject({ orgId, input }: { orgId: number; input: ProjectInput }) {
  const source = requestedSource(input);
  const prepared = source === undefined ? null : await prepareSource({ orgId, projectId: null, input: source });
  let createdId: number | null = null;
  try {
    const row = await db.$transaction(async (tx) => {
      await assertProjectRoom(tx, { orgId });
      const created = await tx.project.create({
        data: { organizationId: orgId, name: input.name, description: input.description ?? "", website: input.website ?? null, ...(prepared?.data as object) },
        select: projectSelect,
      });
      createdId = created.id;
      if (prepared?.tree) {
        await assertStorageRoom(tx, { orgId, projectId: created.id, bytes: prepared.bytes, what: "The repository" });
        await installTree(orgId, created.id, prepared.tree);
      }
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
