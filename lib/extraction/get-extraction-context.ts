// project_extract_start: the project, its source (a folder, an archive or a repository) and what sits at the top of
// it, so the extractor can pick the README, the manifest and the docs first.
import { readdir, realpath, stat } from "node:fs/promises";
import path from "node:path";
import { isTextFile } from "@/lib/extraction/is-text-content";
import { isInside } from "@/lib/extraction/resolve-source-path";
import { openSourceRoot } from "@/lib/extraction/open-source-root";
import { SKIPPED_DIRS, hasBinaryExtension, isSecretFile } from "@/lib/extraction/schemas";

export interface TopLevelEntry {
  name: string;
  type: "file" | "dir";
  size?: number;
}

export async function getExtractionContext({ orgId, projectId, runId }: { orgId: number; projectId: number; runId?: number }) {
  const source = await openSourceRoot({ orgId, projectId, runId });
  const entries: TopLevelEntry[] = [];
  const dirents = await readdir(source.root, { withFileTypes: true });
  dirents.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const d of dirents) {
    if (SKIPPED_DIRS.has(d.name) || isSecretFile(d.name)) continue;
    const abs = path.join(source.root, d.name);
    const real = d.isSymbolicLink() ? await realpath(abs).catch(() => null) : abs;
    if (!real || !isInside(source.root, real)) continue;
    const info = await stat(real).catch(() => null);
    if (info?.isDirectory()) {
      // A symlinked folder is not walked by project_extract_files; leave it out here too.
      if (!d.isSymbolicLink()) entries.push({ name: d.name, type: "dir" });
    } else if (info?.isFile() && !hasBinaryExtension(d.name) && (info.size === 0 || (await isTextFile(real).catch(() => false)))) {
      entries.push({ name: d.name, type: "file", size: info.size });
    }
  }
  return { project: source.project, source: source.source, entries };
}
