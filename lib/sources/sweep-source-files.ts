// Files of handed-over sources that nothing points at any more (docs/security.md "Archives"):
// - staging folders left by a process that died mid-upload or mid-clone (a request that ends removes its own; a
//   killed process cannot). Only folders older than STALE_STAGING_MS go: another instance sharing the data
//   directory may be unpacking into a young one right now;
// - project folders whose project is gone or no longer holds a handed-over source, and trees a project no longer
//   uses (a crash between making a new tree current and removing the old one).
// Run at boot (staging only: the database may not be reachable yet) and nightly by the sources-sweep job.
import fs from "node:fs";
import path from "node:path";
import { db } from "@/lib/db/client";
import { organizationSourcesDir, pruneTrees, removeDir, sourcesRoot } from "@/lib/sources/managed-source-dir";

// Longer than any upload or clone may take (their deadlines are a minute or less by default; an hour leaves room for
// an operator who raised them).
export const STALE_STAGING_MS = 60 * 60 * 1000;

export interface SweepResult {
  staging: number;
  projects: number;
}

/** Removes staging folders older than STALE_STAGING_MS, in every organization's folder. */
export async function sweepStaleStaging({ now = new Date() }: { now?: Date } = {}): Promise<number> {
  let removed = 0;
  for (const org of await numericEntries(sourcesRoot())) {
    const staging = path.join(organizationSourcesDir(org), ".staging");
    for (const name of await fs.promises.readdir(staging).catch(() => [] as string[])) {
      const dir = path.join(staging, name);
      const stat = await fs.promises.lstat(dir).catch(() => null);
      if (stat && now.getTime() - stat.mtimeMs > STALE_STAGING_MS) {
        await removeDir(dir);
        removed++;
      }
    }
  }
  return removed;
}

/** Stale staging, plus every project folder no project holds a handed-over source in, and unused trees of the rest. */
export async function sweepSourceFiles({ now = new Date(), orgIds }: { now?: Date; orgIds?: number[] } = {}): Promise<SweepResult> {
  const staging = await sweepStaleStaging({ now });
  let projects = 0;
  // Across organizations: the sweep serves the whole data directory.
  for (const org of await numericEntries(sourcesRoot())) {
    if (orgIds && !orgIds.includes(org)) continue;
    const dirs = await numericEntries(organizationSourcesDir(org));
    if (dirs.length === 0) continue;
    const holding = await db.project.findMany({
      where: { organizationId: org, id: { in: dirs }, sourceKind: { in: ["archive", "repository"] } },
      select: { id: true },
    });
    const kept = new Set(holding.map((p) => p.id));
    for (const id of dirs) {
      if (kept.has(id)) await pruneTrees(org, id);
      else {
        await removeDir(path.join(organizationSourcesDir(org), String(id)));
        projects++;
      }
    }
  }
  return { staging, projects };
}

async function numericEntries(dir: string): Promise<number[]> {
  const names = await fs.promises.readdir(dir).catch(() => [] as string[]);
  return names.filter((n) => /^\d+$/.test(n)).map(Number);
}
