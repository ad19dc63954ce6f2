// Edits a project. A new source is checked (a folder under the roots) or fetched (a repository, cloned first) before
// the row changes, so a refused one leaves the previous source in place; the same repository and branch again is not
// fetched again (that is POST /api/projects/[id]/source/refresh). Leaving a handed-over source (for a folder, or
// none) deletes its files.
import { db } from "@/lib/db/client";
import { getProjectOrThrow } from "@/lib/projects/get-project";
import { projectSelect, requestedSource, toProjectView, type ProjectPatch } from "@/lib/projects/schemas";
import { prepareSource } from "@/lib/sources/prepare-source";
import { lockProjectSource } from "@/lib/sources/install-source";
import { deleteProjectSourceFiles, installTree, pruneTrees } from "@/lib/sources/managed-source-dir";
import { assertStorageRoom } from "@/lib/sources/storage-room";

export async function updateProject({ orgId, id, patch }: { orgId: number; id: number; patch: ProjectPatch }) {
  const current = await getProjectOrThrow({ orgId, id });
  const { source: _source, sourcePath: _sourcePath, ...fields } = patch;
  let source = requestedSource(patch);
  if (
    source?.kind === "repository" && current.source?.kind === "repository" &&
    source.url === current.source.url && (source.ref ?? null) === current.source.ref && current.source.commit
  ) {
    source = undefined;
  }
  if (source === undefined) {
    return toProjectView(await db.project.update({ where: { id }, data: fields, select: projectSelect }));
  }
  const prepared = await prepareSource({ orgId, projectId: id, input: source });
  try {
    const row = await db.$transaction(async (tx) => {
      await lockProjectSource(tx, orgId, id);
      if (prepared.tree) {
        await assertStorageRoom(tx, { orgId, projectId: id, bytes: prepared.bytes, what: "The repository" });
        await installTree(orgId, id, prepared.tree);
      }
      return tx.project.update({ where: { id }, data: { ...fields, ...prepared.data }, select: projectSelect });
    });
    if (prepared.tree) await pruneTrees(orgId, id);
    else await deleteProjectSourceFiles(orgId, id);
    return toProjectView(row);
  } finally {
    await prepared.cleanup();
  }
}
