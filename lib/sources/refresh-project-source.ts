// POST /api/projects/[id]/source/refresh ("Fetch again"): clones the project's repository again, in the request
// (within the clone time limit; docs/insights-and-extraction.md says why synchronous), and swaps the new files in.
// A failed fetch keeps the previous files and is remembered on the project (`source.error`) until the next success.
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/http/errors";
import { getProjectOrThrow } from "@/lib/projects/get-project";
import { installSource } from "@/lib/sources/install-source";
import { cloneForSave } from "@/lib/sources/prepare-source";

export async function refreshProjectSource({ orgId, projectId }: { orgId: number; projectId: number }) {
  const project = await getProjectOrThrow({ orgId, id: projectId });
  const source = project.source;
  if (source?.kind !== "repository" || !source.url) {
    throw new AppError("conflict", "Only a Git repository source can be fetched again; upload an archive again to replace one.");
  }
  let cloned: Awaited<ReturnType<typeof cloneForSave>>;
  try {
    cloned = await cloneForSave({ orgId, projectId, url: source.url, ref: source.ref });
  } catch (err) {
    if (err instanceof AppError) {
      await db.project.updateMany({ where: { id: projectId, organizationId: orgId, sourceKind: "repository" }, data: { sourceError: err.message } });
    }
    throw err;
  }
  try {
    await installSource({
      orgId,
      projectId,
      tree: cloned.tree,
      what: "The repository",
      data: { sourceCommit: cloned.commit, sourceFetchedAt: new Date(), sourceFileCount: cloned.files, sourceBytes: cloned.bytes, sourceError: null },
    });
  } finally {
    await cloned.cleanup();
  }
  return getProjectOrThrow({ orgId, id: projectId });
}
