// One hourly look at the backup schedule (the database-backup job): in the operator's chosen UTC hour, the first
// instance to claim the day's slot takes a backup of the embedded database into <OUTREACH_DATA_DIR>/backups, then
// deletes the schedule's oldest backups beyond the number to keep. With a PostgreSQL of the operator's own it does
// nothing: that server is backed up with its own tools (docs/deploying.md "Backups").
import fs from "node:fs";
import { db } from "@/lib/db/client";
import type { Logger } from "@/lib/log/logger";
import { backupEmbeddedDatabase, type BackupResult } from "@/lib/backup/backup-embedded-database";
import { pruneScheduledBackups, scheduledBackupFile } from "@/lib/backup/backup-files";
import { embeddedDatabaseInUse, type EmbeddedDatabaseInUse } from "@/lib/boot/ensure-database";

export type ScheduledBackupResult =
  | { skipped: "external database" | "off or not the hour" | "slot already taken" }
  | { file: string; bytes: number; removed: string[] };

export interface TakeScheduledBackupOptions {
  now: Date;
  log: Logger;
  /** The embedded database in use; null with an external DATABASE_URL. Tests pass their own. */
  database?: EmbeddedDatabaseInUse | null;
  /** Tests count calls with a stand-in; the real one copies the whole data folder. */
  backup?: (args: { url: string; dataDir: string; file: string }) => Promise<BackupResult>;
}

export async function takeScheduledBackup({ now, log, database = embeddedDatabaseInUse(), backup = backupEmbeddedDatabase }: TakeScheduledBackupOptions): Promise<ScheduledBackupResult> {
  if (!database) return { skipped: "external database" };
  const slot = new Date(now);
  slot.setUTCMinutes(0, 0, 0);
  // The claim: one UPDATE that moves the slot forward only when the schedule is on, this is its hour, and no instance
  // took this slot yet (or the one that did failed, so a retry may try again). A second instance racing for the same
  // slot waits for the first one's row lock, then finds the slot taken and updates nothing.
  const claimed = await db.$queryRaw<{ keep: number }[]>`
    UPDATE backup_schedules
       SET last_slot_at = ${slot}, last_status = 'running', last_started_at = ${new Date()}, last_finished_at = NULL,
           last_file = NULL, last_bytes = NULL, last_removed = NULL, last_error = NULL
     WHERE id = 1 AND enabled AND hour_utc = ${slot.getUTCHours()}
       AND (last_slot_at IS NULL OR last_slot_at < ${slot} OR (last_slot_at = ${slot} AND last_status = 'failed'))
     RETURNING keep`;
  if (claimed.length === 0) {
    const row = await db.backupSchedule.findUnique({ where: { id: 1 }, select: { enabled: true, hourUtc: true } });
    return { skipped: row?.enabled && row.hourUtc === slot.getUTCHours() ? "slot already taken" : "off or not the hour" };
  }
  const file = scheduledBackupFile(database.dataDir, slot);
  try {
    const made = await backup({ url: database.url, dataDir: database.dataDir, file });
    // Only after a good backup: a failing schedule never eats the backups that are still there.
    const removed = pruneScheduledBackups({ dataDir: database.dataDir, keep: claimed[0]!.keep });
    await db.backupSchedule.update({
      where: { id: 1 },
      data: { lastStatus: "ok", lastFinishedAt: new Date(), lastFile: made.file, lastBytes: BigInt(made.bytes), lastRemoved: removed.length },
    });
    log.info("scheduled backup taken", { file: made.file, bytes: made.bytes, removed: removed.length });
    return { file: made.file, bytes: made.bytes, removed };
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    // A half-written archive of a failed attempt is several megabytes nobody can restore from.
    fs.rmSync(`${file}.partial`, { force: true });
    await db.backupSchedule
      .update({ where: { id: 1 }, data: { lastStatus: "failed", lastFinishedAt: new Date(), lastError: message.slice(0, 2000) } })
      .catch(() => undefined);
    // Thrown again: the job's row says failed and the engine retries, which the claim above lets through.
    throw err;
  }
}
