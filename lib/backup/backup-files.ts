// The backups folder (<OUTREACH_DATA_DIR>/backups) and the names the schedule gives its files. A scheduled backup is
// named `outreach-scheduled-<slot>.tar.gz`, apart from the `outreach-<time>.tar.gz` of `npm run outreach -- backup`
// and from whatever name a person chose: retention deletes only files with the schedule's own name.
import fs from "node:fs";
import path from "node:path";

const SCHEDULED = /^outreach-scheduled-\d{8}T\d{6}Z\.tar\.gz$/;

export interface BackupFile {
  name: string;
  bytes: number;
  modifiedAt: string;
  /** Made by the schedule (and deleted by its retention in time), not by hand. */
  scheduled: boolean;
}

export function backupsDir(dataDir: string): string {
  return path.join(path.resolve(dataDir), "backups");
}

/** The file of one slot: its UTC time in the name, so names sort as the slots do. */
export function scheduledBackupFile(dataDir: string, slot: Date): string {
  const stamp = slot.toISOString().replace(/[-:]/g, "").replace(/\.\d+Z$/, "Z");
  return path.join(backupsDir(dataDir), `outreach-scheduled-${stamp}.tar.gz`);
}

export function isScheduledBackupName(name: string): boolean {
  return SCHEDULED.test(name);
}

/** Every finished archive in the folder, newest first; a `.partial` being written is not a backup yet. */
export function listBackupFiles({ dataDir }: { dataDir: string }): BackupFile[] {
  const dir = backupsDir(dataDir);
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw err;
  }
  const files: BackupFile[] = [];
  for (const name of names) {
    if (!name.endsWith(".tar.gz")) continue;
    try {
      const st = fs.statSync(path.join(dir, name));
      if (st.isFile()) files.push({ name, bytes: st.size, modifiedAt: st.mtime.toISOString(), scheduled: isScheduledBackupName(name) });
    } catch {
      // Deleted between the listing and the stat (retention on another instance).
    }
  }
  return files.sort((a, b) => b.modifiedAt.localeCompare(a.modifiedAt) || b.name.localeCompare(a.name));
}

/** Deletes the scheduled backups beyond the newest `keep` (by the slot in their names); returns the names deleted. */
export function pruneScheduledBackups({ dataDir, keep }: { dataDir: string; keep: number }): string[] {
  const dir = backupsDir(dataDir);
  if (!fs.existsSync(dir)) return [];
  const scheduled = fs.readdirSync(dir).filter(isScheduledBackupName).sort().reverse();
  const removed: string[] = [];
  for (const name of scheduled.slice(keep)) {
    fs.rmSync(path.join(dir, name), { force: true });
    removed.push(name);
  }
  return removed;
}
