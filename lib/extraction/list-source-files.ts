// project_extract_files: the text files under a folder of the source, breadth first (top-level files before deep
// ones, so a truncated answer still holds the README and the manifest), each with its size. Dependency, build and
// version-control folders, binary files and files that usually hold secrets are left out. Symlinked folders are
// not followed (no cycles, no escapes); a symlinked file is listed only when it resolves inside the source folder.
import path from "node:path";
import { readdir, realpath, stat } from "node:fs/promises";
import { AppError } from "@/lib/http/errors";
import { isTextFile } from "@/lib/extraction/is-text-content";
import { isInside, resolveSourcePath } from "@/lib/extraction/resolve-source-path";
import { DEFAULT_LIST_LIMIT, LIST_VISIT_BUDGET, SKIPPED_DIRS, hasBinaryExtension, isSecretFile } from "@/lib/extraction/schemas";

export interface SourceListing {
  dir: string;
  files: Array<{ path: string; size: number }>;
  truncated: boolean;
}

export async function listSourceFiles({ root, dir, limit = DEFAULT_LIST_LIMIT }: { root: string; dir?: string; limit?: number }): Promise<SourceListing> {
  const start = await resolveSourcePath(root, dir);
  if (!start.stats.isDirectory()) throw new AppError("bad_request", `${start.rel} is a file; list its folder or read it with project_extract_read`);

  const files: SourceListing["files"] = [];
  const queue: Array<{ abs: string; rel: string }> = [{ abs: start.abs, rel: start.rel }];
  let visited = 0;
  let truncated = false;

  walk: while (queue.length > 0) {
    const folder = queue.shift()!;
    const entries = await readdir(folder.abs, { withFileTypes: true }).catch(() => []);
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      if (++visited > LIST_VISIT_BUDGET) {
        truncated = true;
        break walk;
      }
      const abs = path.join(folder.abs, entry.name);
      const rel = folder.rel ? `${folder.rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRS.has(entry.name)) queue.push({ abs, rel });
        continue;
      }
      if (isSecretFile(entry.name) || hasBinaryExtension(entry.name)) continue;
      let target = abs;
      if (entry.isSymbolicLink()) {
        const real = await realpath(abs).catch(() => null);
        if (!real || !isInside(root, real)) continue;
        target = real;
      } else if (!entry.isFile()) {
        continue;
      }
      const info = await stat(target).catch(() => null);
      if (!info?.isFile()) continue;
      if (info.size > 0 && !(await isTextFile(target).catch(() => false))) continue;
      if (files.length >= limit) {
        truncated = true;
        break walk;
      }
      files.push({ path: rel, size: info.size });
    }
  }
  return { dir: start.rel || ".", files, truncated };
}
