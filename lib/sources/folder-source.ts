// Folder sources: a folder on this server, only under a root the operator lists (OUTREACH_SOURCE_ROOTS), only in the
// self-hosted edition. The folder is given relative to a root or as an absolute path inside one, and it is resolved
// with realpath both when it is saved and at every read, so a symbolic link that leads out of the roots is refused
// and a root the operator removes stops being readable at once. The data directory (database, credentials key,
// every organization's uploaded sources) and the app's own folder are never a source, and neither is a folder that
// contains them, even when a root does.
import fs from "node:fs";
import path from "node:path";
import { readEnv } from "@/lib/env";
import { isCloudEdition } from "@/lib/edition/edition";
import { AppError } from "@/lib/http/errors";

/** The roots as the operator wrote them. */
export function configuredSourceRoots(): string[] {
  return (readEnv().OUTREACH_SOURCE_ROOTS ?? "")
    .split(path.delimiter)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => path.resolve(p));
}

/** Whether a project may have a folder source here (the project form offers the choice only then). */
export function folderSourcesOffered(): boolean {
  return !isCloudEdition() && configuredSourceRoots().length > 0;
}

/** Why a folder cannot be a source, as the end of a sentence; thrown by resolveFolderSource. */
export class FolderRefusedError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = "FolderRefusedError";
  }
}

export interface ResolvedFolder {
  /** The folder with every symbolic link resolved: what is stored, and the boundary no read may leave. */
  real: string;
  /** The root (resolved) it lies in. */
  root: string;
}

/**
 * The real folder `given` names, or a FolderRefusedError saying why it cannot be a source. `given` is absolute, or
 * relative to the roots (tried in the order they are listed; the first that holds it wins).
 */
export async function resolveFolderSource(given: string): Promise<ResolvedFolder> {
  if (isCloudEdition()) throw new FolderRefusedError("folders on the server are not offered as sources here");
  const listed = configuredSourceRoots();
  if (listed.length === 0) throw new FolderRefusedError("no folders on this server are offered as sources (the operator lists them in OUTREACH_SOURCE_ROOTS)");
  const roots = (await Promise.all(listed.map((r) => fs.promises.realpath(r).catch(() => null)))).filter((r): r is string => r !== null);
  const trimmed = given.trim();
  if (trimmed === "" || trimmed.includes("\0")) throw new FolderRefusedError("the folder is empty or not a valid path");

  let candidate: string | null = null;
  if (path.isAbsolute(trimmed)) {
    candidate = path.resolve(trimmed);
  } else {
    for (const root of roots) {
      const joined = path.resolve(root, trimmed);
      if (!isInside(root, joined)) throw new FolderRefusedError(`${trimmed} leads outside the folders offered as sources`);
      if (fs.existsSync(joined)) {
        candidate = joined;
        break;
      }
    }
    candidate ??= path.resolve(roots[0] ?? listed[0]!, trimmed);
  }
  const real = await fs.promises.realpath(candidate).catch(() => null);
  if (!real) throw new FolderRefusedError(`${candidate} does not exist on this server`);
  const info = await fs.promises.stat(real);
  if (!info.isDirectory()) throw new FolderRefusedError(`${candidate} is a file, not a folder`);
  const root = roots.find((r) => isInside(r, real));
  if (!root) {
    const via = real === candidate ? "" : ` (it leads to ${real})`;
    throw new FolderRefusedError(`${candidate} is not inside a folder offered as a source (${listed.join(", ")})${via}`);
  }
  for (const own of await ownFolders()) {
    if (isInside(own, real) || isInside(real, own)) {
      throw new FolderRefusedError(`${candidate} holds the dashboard's own files (its data folder or its installation), which are never read as a source`);
    }
  }
  return { real, root };
}

/** The data directory and the app's folder, resolved. */
async function ownFolders(): Promise<string[]> {
  const own = [path.resolve(readEnv().OUTREACH_DATA_DIR), process.cwd()];
  return Promise.all(own.map((p) => fs.promises.realpath(p).catch(() => p)));
}

export function isInside(root: string, candidate: string): boolean {
  const rel = path.relative(root, candidate);
  return rel === "" || (!rel.startsWith("..") && !path.isAbsolute(rel));
}

/** The refusal when a folder is saved: 400, naming the field. */
export function folderRefusedOnSave(err: FolderRefusedError): AppError {
  if (isCloudEdition()) {
    return new AppError("bad_request", "Folder sources are not offered here. Upload an archive or give a Git repository instead.", { field: "source" });
  }
  const instead = configuredSourceRoots().length > 0
    ? "Choose another folder, or upload an archive or give a Git repository instead."
    : "Upload an archive or give a Git repository instead.";
  return new AppError("bad_request", `This folder cannot be a project source: ${err.reason}. ${instead}`, { field: "source.path" });
}
