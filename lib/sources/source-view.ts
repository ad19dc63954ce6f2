// A project's source as callers see it. A folder source shows its path (self-hosted only: there the reader is the
// operator); a source the tenant handed over shows what they gave (the archive's name, the repository and branch) and
// when, never where the server keeps it.
import { isCloudEdition } from "@/lib/edition/edition";
import type { SourceKind } from "@/lib/generated/prisma/enums";

export const sourceSelect = {
  sourceKind: true, sourcePath: true, sourceRepoUrl: true, sourceRepoRef: true, sourceCommit: true, sourceArchiveName: true,
  sourceFetchedAt: true, sourceFileCount: true, sourceBytes: true, sourceError: true,
} as const;

export interface SourceRow {
  sourceKind: SourceKind | null;
  sourcePath: string | null;
  sourceRepoUrl: string | null;
  sourceRepoRef: string | null;
  sourceCommit: string | null;
  sourceArchiveName: string | null;
  sourceFetchedAt: Date | null;
  sourceFileCount: number | null;
  sourceBytes: number | null;
  sourceError: string | null;
}

export type SourceView =
  | { kind: "folder"; path: string | null }
  | { kind: "archive"; name: string | null; fileCount: number | null; bytes: number | null; fetchedAt: Date | null; error: string | null }
  | { kind: "repository"; url: string | null; ref: string | null; commit: string | null; fileCount: number | null; bytes: number | null; fetchedAt: Date | null; error: string | null }
  | null;

export function toSourceView(row: SourceRow): SourceView {
  // Rows from before source kinds hold only a path: they are folder sources.
  const kind = row.sourceKind ?? (row.sourcePath ? "folder" : null);
  switch (kind) {
    case "folder":
      return { kind, path: isCloudEdition() ? null : row.sourcePath };
    case "archive":
      return { kind, name: row.sourceArchiveName, fileCount: row.sourceFileCount, bytes: row.sourceBytes, fetchedAt: row.sourceFetchedAt, error: row.sourceError };
    case "repository":
      return {
        kind, url: row.sourceRepoUrl, ref: row.sourceRepoRef, commit: row.sourceCommit, fileCount: row.sourceFileCount, bytes: row.sourceBytes,
        fetchedAt: row.sourceFetchedAt, error: row.sourceError,
      };
    default:
      return null;
  }
}

/** Every source column empty: the start of any change of kind. */
export const NO_SOURCE = {
  sourceKind: null, sourcePath: null, sourceRepoUrl: null, sourceRepoRef: null, sourceCommit: null, sourceArchiveName: null,
  sourceFetchedAt: null, sourceFileCount: null, sourceBytes: null, sourceError: null,
} as const;
