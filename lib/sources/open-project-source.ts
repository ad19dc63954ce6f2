// The folder an extraction reads, for whichever kind of source the project has, checked again at every read: a
// folder source must still resolve inside a root the operator lists (an old row's free-text path outside them is
// refused with a sentence saying why), a handed-over source must still have its files under the data directory.
import type { SourceKind } from "@/lib/generated/prisma/enums";
import { AppError } from "@/lib/http/errors";
import { isCloudEdition } from "@/lib/edition/edition";
import { FolderRefusedError, resolveFolderSource } from "@/lib/sources/folder-source";
import { currentTree } from "@/lib/sources/managed-source-dir";
import type { SourceRow } from "@/lib/sources/source-view";

/** What a run fixes at its start (runs.params.source): the kind, and a folder source's path. */
export type SourceSnapshot = {
  kind: SourceKind;
  path?: string;
};

/** What the agent is told about the source it reads. */
export type ShownSource =
  | { kind: "folder"; path: string }
  | { kind: "archive"; name: string | null }
  | { kind: "repository"; url: string | null; ref: string | null; commit: string | null };

export interface OpenedSource {
  /** The real folder every read stays inside. */
  root: string;
  shown: ShownSource;
}

export function snapshotOf(row: Pick<SourceRow, "sourceKind" | "sourcePath">): SourceSnapshot | null {
  const kind = row.sourceKind ?? (row.sourcePath ? "folder" : null);
  if (!kind) return null;
  return kind === "folder" ? { kind, path: row.sourcePath ?? "" } : { kind };
}

/** A run's snapshot from its params: `source` (this version), or `sourcePath` (runs started before source kinds). */
export function snapshotFromParams(params: unknown): SourceSnapshot | null {
  const p = (params ?? {}) as { source?: { kind?: unknown; path?: unknown }; sourcePath?: unknown };
  const kind = p.source?.kind;
  if (kind === "folder" && typeof p.source?.path === "string") return { kind, path: p.source.path };
  if (kind === "archive" || kind === "repository") return { kind };
  if (typeof p.sourcePath === "string" && p.sourcePath.trim()) return { kind: "folder", path: p.sourcePath.trim() };
  return null;
}

const EDIT = "(Edit project → Source)";

export async function openProjectSource({ orgId, projectId, row, snapshot }: { orgId: number; projectId: number; row: SourceRow; snapshot: SourceSnapshot | null }): Promise<OpenedSource> {
  if (!snapshot) {
    throw new AppError("unprocessable", `This project has no source. Give it one ${EDIT} to extract a description from it.`);
  }
  if (snapshot.kind === "folder") {
    const given = snapshot.path ?? "";
    try {
      const { real } = await resolveFolderSource(given);
      return { root: real, shown: { kind: "folder", path: real } };
    } catch (err) {
      if (!(err instanceof FolderRefusedError)) throw err;
      if (isCloudEdition()) {
        throw new AppError("unprocessable", `This project's source is a folder on the server, which is not offered here, so nothing is read. Upload an archive or give a Git repository instead ${EDIT}.`);
      }
      throw new AppError("unprocessable", `This project's source folder is not read: ${err.reason}. Choose another source ${EDIT}.`, { sourcePath: given });
    }
  }
  const root = await currentTree(orgId, projectId);
  if (snapshot.kind === "archive") {
    if (!root) throw new AppError("unprocessable", `This project's archive is not on this server any more. Upload it again ${EDIT}.`);
    return { root, shown: { kind: "archive", name: row.sourceArchiveName } };
  }
  if (!root) throw new AppError("unprocessable", "This project's repository has not been fetched on this server. Use Fetch again on the project page.");
  return { root, shown: { kind: "repository", url: row.sourceRepoUrl, ref: row.sourceRepoRef, commit: row.sourceCommit } };
}
