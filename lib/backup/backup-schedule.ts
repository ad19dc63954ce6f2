// The embedded database's backup schedule: instance configuration an operator sets in the Operator area, kept in the
// one row of backup_schedules (no row: off, with the defaults). Not per organization: there is one database.
import { db } from "@/lib/db/client";
import { BACKUP_HOUR_DEFAULT, BACKUP_KEEP_DEFAULT, type BackupSchedulePut } from "@/lib/backup/schemas";

const ROW_ID = 1;

export interface BackupScheduleView {
  enabled: boolean;
  hourUtc: number;
  keep: number;
  /** The last slot the schedule took (or is taking) a backup in, and how it went. */
  last: {
    slotAt: string;
    status: "running" | "ok" | "failed";
    finishedAt: string | null;
    file: string | null;
    bytes: number | null;
    removed: number | null;
    error: string | null;
  } | null;
}

export async function getBackupSchedule(): Promise<BackupScheduleView> {
  const row = await db.backupSchedule.findUnique({ where: { id: ROW_ID } });
  if (!row) return { enabled: false, hourUtc: BACKUP_HOUR_DEFAULT, keep: BACKUP_KEEP_DEFAULT, last: null };
  return {
    enabled: row.enabled,
    hourUtc: row.hourUtc,
    keep: row.keep,
    last: row.lastSlotAt
      ? {
          slotAt: row.lastSlotAt.toISOString(),
          status: (row.lastStatus ?? "running") as "running" | "ok" | "failed",
          finishedAt: row.lastFinishedAt?.toISOString() ?? null,
          file: row.lastFile,
          bytes: row.lastBytes === null ? null : Number(row.lastBytes),
          removed: row.lastRemoved,
          error: row.lastError,
        }
      : null,
  };
}

export async function setBackupSchedule({ enabled, hourUtc, keep }: BackupSchedulePut): Promise<BackupScheduleView> {
  const data = { enabled, hourUtc, keep, updatedAt: new Date() };
  await db.backupSchedule.upsert({ where: { id: ROW_ID }, update: data, create: { id: ROW_ID, ...data } });
  return getBackupSchedule();
}
