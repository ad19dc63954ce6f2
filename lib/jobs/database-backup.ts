// database-backup: every hour, looks whether the operator's backup schedule is due (lib/backup/take-scheduled-backup.ts).
// Hourly rather than on the chosen hour's own cron, because the hour is a setting changed at run time and the engines'
// cron tables are fixed when an instance starts; the slot claim makes it one backup a day across instances.
import type { JobContext, JobDefinition } from "@/lib/jobs/job";
import { takeScheduledBackup, type ScheduledBackupResult } from "@/lib/backup/take-scheduled-backup";

export function databaseBackup({ now, log }: JobContext): Promise<ScheduledBackupResult> {
  return takeScheduledBackup({ now, log });
}

export const databaseBackupJob: JobDefinition<ScheduledBackupResult> = {
  id: "database-backup",
  // A few minutes into the hour, away from the other jobs' minutes.
  cron: "5 * * * *",
  description: "Backs up the embedded database at the hour the Operator area sets and keeps the newest few",
  run: databaseBackup,
};
