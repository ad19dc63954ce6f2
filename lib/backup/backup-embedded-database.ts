// `npm run outreach -- backup [file]`: a base backup of the embedded PostgreSQL, taken while the dashboard runs, with
// PostgreSQL's own mechanism (the package ships no pg_dump, and Debian's pg_dump is too old for its PostgreSQL 18):
// pg_backup_start, a copy of the data folder, pg_backup_stop, then the WAL written meanwhile, so the copy is made
// consistent by the server's own recovery when it is started again (restore-embedded-database.ts). One .tar.gz with
// the data folder, its backup_label and the password file the app keeps beside it.
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import * as tar from "tar";

/** What PostgreSQL's documentation says a base backup leaves out (their contents are rebuilt or meaningless on restore). */
const EMPTIED_DIRS = new Set(["pg_wal", "pg_replslot", "pg_dynshmem", "pg_notify", "pg_serial", "pg_snapshots", "pg_stat_tmp", "pg_subtrans"]);
const SKIPPED_FILES = new Set(["postmaster.pid", "postmaster.opts", "backup_label", "tablespace_map"]);

export interface BackupResult {
  file: string;
  bytes: number;
  startLsn: string;
  stopLsn: string;
}

export function defaultBackupFile(dataDir: string, now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, "").replace(/\.\d+Z$/, "Z");
  return path.join(path.resolve(dataDir), "backups", `outreach-${stamp}.tar.gz`);
}

export async function backupEmbeddedDatabase({ url, dataDir, file }: { url: string; dataDir: string; file: string }): Promise<BackupResult> {
  const pgDir = path.join(path.resolve(dataDir), "pg");
  if (!fs.existsSync(path.join(pgDir, "PG_VERSION"))) throw new Error(`No embedded database in ${pgDir}`);
  // The archive holds every organization's data and the database password: readable by this user only.
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true, mode: 0o700 });
  // Staged beside the data, on the same disk, and packed once complete: a half-made archive never has the final name.
  const staging = fs.mkdtempSync(path.join(path.resolve(dataDir), ".backup-"));
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // The same session must stop the backup; `true` asks for an immediate checkpoint instead of waiting for one.
    const started = await client.query<{ lsn: string; walfile: string }>(`SELECT lsn::text, pg_walfile_name(lsn) AS walfile FROM pg_backup_start($1, true) AS lsn`, ["outreach backup"]);
    const stop = async () =>
      // Without WAL archiving there is nothing to wait for: the WAL is copied below.
      (await client.query<{ lsn: string; labelfile: string; spcmapfile: string | null }>(`SELECT lsn::text, labelfile, spcmapfile FROM pg_backup_stop(false)`)).rows[0]!;
    try {
      copyDataFolder(pgDir, path.join(staging, "pg"));
    } catch (err) {
      await stop().catch(() => undefined);
      throw err;
    }
    const stopped = await stop();
    fs.writeFileSync(path.join(staging, "pg", "backup_label"), stopped.labelfile);
    if (stopped.spcmapfile) fs.writeFileSync(path.join(staging, "pg", "tablespace_map"), stopped.spcmapfile);
    // The WAL from the backup's start to its stop, and whatever came after: recovery replays it to a consistent state.
    const walTo = path.join(staging, "pg", "pg_wal");
    for (const name of fs.readdirSync(path.join(pgDir, "pg_wal"))) {
      if (/^[0-9A-F]{24}(\.partial)?$|\.history$/.test(name)) copyIfPresent(path.join(pgDir, "pg_wal", name), path.join(walTo, name));
    }
    if (!fs.existsSync(path.join(walTo, started.rows[0]!.walfile))) {
      throw new Error(`The WAL the backup starts from (${started.rows[0]!.walfile}) was recycled before it could be copied: take the backup again`);
    }
    const settings = path.join(path.resolve(dataDir), "embedded-postgres.json");
    if (fs.existsSync(settings)) fs.copyFileSync(settings, path.join(staging, "embedded-postgres.json"));
    const partial = `${path.resolve(file)}.partial`;
    fs.writeFileSync(partial, "", { mode: 0o600 });
    await tar.c({ gzip: true, file: partial, cwd: staging, portable: true }, fs.readdirSync(staging));
    fs.renameSync(partial, path.resolve(file));
    return { file: path.resolve(file), bytes: fs.statSync(path.resolve(file)).size, startLsn: started.rows[0]!.lsn, stopLsn: stopped.lsn };
  } finally {
    await client.end().catch(() => undefined);
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

/** Copies the live data folder: files may appear, grow or vanish meanwhile (the WAL replay fixes what was torn). */
function copyDataFolder(from: string, to: string, top = true): void {
  fs.mkdirSync(to, { recursive: true, mode: 0o700 });
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const src = path.join(from, entry.name);
    const dest = path.join(to, entry.name);
    if (entry.isDirectory()) {
      if (top && EMPTIED_DIRS.has(entry.name)) {
        fs.mkdirSync(dest, { mode: 0o700 });
        if (entry.name === "pg_wal") fs.mkdirSync(path.join(dest, "archive_status"), { mode: 0o700 });
      } else if (entry.name !== "pgsql_tmp") copyDataFolder(src, dest, false);
    } else if (entry.isFile() && !SKIPPED_FILES.has(entry.name)) copyIfPresent(src, dest);
  }
}

function copyIfPresent(src: string, dest: string): void {
  try {
    fs.mkdirSync(path.dirname(dest), { recursive: true });
    fs.copyFileSync(src, dest);
  } catch (err) {
    // A temporary file the server removed between the listing and the copy.
    if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
  }
}
