import { z } from "zod";

/** A day's backup at the least, three months of them at the most: each one is the whole database (7 MB when fresh). */
export const BACKUP_KEEP_MIN = 1;
export const BACKUP_KEEP_MAX = 90;
export const BACKUP_KEEP_DEFAULT = 14;
/** 03:00 UTC: the quiet hours of most installs, before the 03:17 sources sweep reads the disk. */
export const BACKUP_HOUR_DEFAULT = 3;

export const ZBackupSchedulePut = z
  .object({
    enabled: z.boolean().describe("Take a backup of the embedded database every day"),
    hourUtc: z.number().int().min(0).max(23).describe("The hour (UTC, 0-23) the daily backup is taken in"),
    keep: z
      .number()
      .int()
      .min(BACKUP_KEEP_MIN)
      .max(BACKUP_KEEP_MAX)
      .describe(`How many scheduled backups to keep (${BACKUP_KEEP_MIN}-${BACKUP_KEEP_MAX}); older ones are deleted after each new one`),
  })
  .strict();

export type BackupSchedulePut = z.infer<typeof ZBackupSchedulePut>;
