// Where the sources a tenant hands over live: OUTREACH_DATA_DIR/sources/<orgId>/<projectId>/, one folder per project
// of each organization, never a path the tenant names.
//
//   sources/<org>/.staging/<random>/     an upload or clone being unpacked (removed whatever happens)
//   sources/<org>/<project>/tree-<id>/   the files of one fetch
//   sources/<org>/<project>/current      a symbolic link to the tree in force
//
// A new tree is unpacked beside the old one and made current by renaming a new link over `current`, which is atomic:
// a reader sees the old files or the new ones, never a half-written tree, and a refused upload leaves the old tree
// untouched. The link is the dashboard's own (never one from an archive, which are refused), and readers resolve it
// once with realpath, then hold every read inside that tree (lib/extraction/resolve-source-path.ts).
import fs from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { readEnv } from "@/lib/env";
import { log } from "@/lib/log/logger";

const CURRENT = "current";

/** The folder every organization's handed-over sources sit under. */
export function sourcesRoot(): string {
  return path.resolve(readEnv().OUTREACH_DATA_DIR, "sources");
}

export function organizationSourcesDir(orgId: number): string {
  return path.join(sourcesRoot(), String(orgId));
}

export function projectSourceDir(orgId: number, projectId: number): string {
  return path.join(organizationSourcesDir(orgId), String(projectId));
}

/** A fresh, empty folder to unpack into, on the same file system as the trees (so installing it is a rename). */
export async function makeStagingDir(orgId: number): Promise<string> {
  const parent = path.join(organizationSourcesDir(orgId), ".staging");
  await fs.promises.mkdir(parent, { recursive: true, mode: 0o700 });
  return fs.promises.mkdtemp(path.join(parent, "s-"));
}

export async function removeDir(dir: string): Promise<void> {
  await fs.promises.rm(dir, { recursive: true, force: true }).catch((err: unknown) => {
    log.warn("could not remove a source folder", { dir, error: (err as Error).message });
  });
}

/**
 * Makes `staged` (a folder inside a makeStagingDir folder, filled) the project's current tree. Callers serialise
 * installs of one project (lib/sources/install-source.ts holds a lock) and prune the replaced trees afterwards.
 */
export async function installTree(orgId: number, projectId: number, staged: string): Promise<void> {
  const dir = projectSourceDir(orgId, projectId);
  await fs.promises.mkdir(dir, { recursive: true, mode: 0o755 });
  const id = randomBytes(6).toString("hex");
  const tree = `tree-${id}`;
  await fs.promises.rename(staged, path.join(dir, tree));
  const link = path.join(dir, `${CURRENT}.${id}`);
  await fs.promises.symlink(tree, link);
  await fs.promises.rename(link, path.join(dir, CURRENT));
}

/** Removes every tree of the project but the current one (a reader that resolved an old one moments ago may fail). */
export async function pruneTrees(orgId: number, projectId: number): Promise<void> {
  const dir = projectSourceDir(orgId, projectId);
  const entries = await fs.promises.readdir(dir).catch(() => [] as string[]);
  const current = await fs.promises.readlink(path.join(dir, CURRENT)).catch(() => null);
  for (const name of entries) {
    if (name === CURRENT || name === current) continue;
    if (name.startsWith("tree-") || name.startsWith(`${CURRENT}.`)) await removeDir(path.join(dir, name));
  }
}

/** The real folder of the project's current tree, or null when it has none (never fetched, or removed). */
export async function currentTree(orgId: number, projectId: number): Promise<string | null> {
  const real = await fs.promises.realpath(path.join(projectSourceDir(orgId, projectId), CURRENT)).catch(() => null);
  if (!real) return null;
  // The link is ours, but a tree must still sit inside the project's folder to be read as its source.
  const back = path.relative(await fs.promises.realpath(projectSourceDir(orgId, projectId)), real);
  if (back === "" || back.startsWith("..") || path.isAbsolute(back)) return null;
  return real;
}

/** Removes a project's handed-over files (the project was deleted, or its source changed to another kind). */
export async function deleteProjectSourceFiles(orgId: number, projectId: number): Promise<void> {
  await removeDir(projectSourceDir(orgId, projectId));
}

/** Removes every handed-over file of an organization (the organization was deleted). */
export async function deleteOrganizationSourceFiles(orgId: number): Promise<void> {
  await removeDir(organizationSourcesDir(orgId));
}
