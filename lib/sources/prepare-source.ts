// What POST/PATCH /api/projects do with a `source`: check it and, for a repository, clone it into a staging folder,
// all before the project row is written, so a refused folder or a failed clone leaves everything as it was.
import { AppError } from "@/lib/http/errors";
import { assertHostAllowed } from "@/lib/net/assert-host-allowed";
import { allowPrivateHosts, privateHostsAdvice } from "@/lib/net/private-hosts";
import { cloneRepository } from "@/lib/sources/clone-repository";
import { FolderRefusedError, folderRefusedOnSave, resolveFolderSource } from "@/lib/sources/folder-source";
import { makeStagingDir, removeDir } from "@/lib/sources/managed-source-dir";
import { NO_SOURCE } from "@/lib/sources/source-view";
import { sourceLimits } from "@/lib/sources/source-limits";
import { getStorageRoom } from "@/lib/sources/storage-room";
import type { SourceInput } from "@/lib/sources/schemas";
import type { Prisma } from "@/lib/generated/prisma/client";

export interface PreparedSource {
  /** The project columns to write. */
  data: Prisma.ProjectUncheckedUpdateInput;
  /** For a repository: the cloned files, to install with the row (install-source.ts). */
  tree: string | null;
  /** The cloned files' bytes (0 without a tree), counted against the organization's storage when installed. */
  bytes: number;
  /** Removes the staging folder, whatever became of it. */
  cleanup: () => Promise<void>;
}

const nothingToClean = async () => {};

export async function prepareSource({ orgId, projectId, input }: { orgId: number; projectId: number | null; input: SourceInput }): Promise<PreparedSource> {
  if (input === null) return { data: { ...NO_SOURCE }, tree: null, bytes: 0, cleanup: nothingToClean };
  if (input.kind === "folder") {
    try {
      const { real } = await resolveFolderSource(input.path);
      return { data: { ...NO_SOURCE, sourceKind: "folder", sourcePath: real }, tree: null, bytes: 0, cleanup: nothingToClean };
    } catch (err) {
      if (err instanceof FolderRefusedError) throw folderRefusedOnSave(err);
      throw err;
    }
  }
  const cloned = await cloneForSave({ orgId, projectId, url: input.url, ref: input.ref ?? null });
  return {
    data: {
      ...NO_SOURCE, sourceKind: "repository", sourceRepoUrl: input.url, sourceRepoRef: input.ref ?? null, sourceCommit: cloned.commit,
      sourceFetchedAt: new Date(), sourceFileCount: cloned.files, sourceBytes: cloned.bytes,
    },
    tree: cloned.tree,
    bytes: cloned.bytes,
    cleanup: cloned.cleanup,
  };
}

/**
 * Checks a repository address (400 when refused) and clones it (422 when the clone fails or would not fit the
 * organization's storage; `projectId` null for a project being created).
 */
export async function cloneForSave({ orgId, projectId, url, ref }: { orgId: number; projectId: number | null; url: string; ref: string | null }) {
  const allowPrivate = allowPrivateHosts();
  if (new URL(url).protocol === "http:" && !allowPrivate) {
    throw new AppError("bad_request", `The repository URL must start with https://. ${privateHostsAdvice()}`, { field: "source.url" });
  }
  await assertHostAllowed(url, { policy: { allowPrivate }, what: "The repository URL", field: "source.url" });
  const room = await getStorageRoom({ orgId, projectId, what: "The repository" });
  if (room.bytes <= 0) throw room.refusal();
  const staging = await makeStagingDir(orgId);
  try {
    const cloned = await cloneRepository({ url, ref, staging, limits: sourceLimits(), policy: { allowPrivate }, room });
    return { ...cloned, cleanup: () => removeDir(staging) };
  } catch (err) {
    await removeDir(staging);
    throw err;
  }
}
