// A project's source in words, for the project page and the form. Handed-over sources are described by what the
// person gave (the archive's name, the repository and branch) and when; never by where the server keeps them.
import { formatDateTime } from "@/app/_components/format";
import type { SourceView } from "@/lib/sources/source-view";

export type ProjectSource = SourceView;

/** What the form offers for a folder source: the operator's roots, or null where folders are not offered. */
export type FolderRoots = string[] | null;

const files = (n: number | null) => (n === null ? "" : `${n.toLocaleString("en-US")} file${n === 1 ? "" : "s"}`);

export function sourceSummary(source: NonNullable<ProjectSource>): string {
  switch (source.kind) {
    case "folder":
      return source.path ? `the folder ${source.path} on the server` : "a folder on the server, which is not offered here";
    case "archive": {
      const when = source.fetchedAt ? `uploaded ${formatDateTime(source.fetchedAt)}` : "";
      return `the archive ${source.name ?? "uploaded"}${detail([files(source.fileCount), when])}`;
    }
    case "repository": {
      const branch = source.ref ? ` (${source.ref})` : " (default branch)";
      const at = source.commit ? `commit ${source.commit.slice(0, 7)}` : "";
      const when = source.fetchedAt ? `fetched ${formatDateTime(source.fetchedAt)}` : "";
      return `the Git repository ${source.url ?? ""}${branch}${detail([files(source.fileCount), at, when])}`;
    }
  }
}

function detail(parts: string[]): string {
  const shown = parts.filter(Boolean);
  return shown.length ? ` (${shown.join(", ")})` : "";
}

/** The media type an archive is sent as, from its file name; null when it is neither a zip nor a .tar.gz. */
export function archiveContentType(fileName: string): string | null {
  const n = fileName.toLowerCase();
  if (n.endsWith(".zip")) return "application/zip";
  if (n.endsWith(".tar.gz") || n.endsWith(".tgz")) return "application/gzip";
  return null;
}
