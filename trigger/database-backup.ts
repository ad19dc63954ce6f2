// Trigger.dev task: the embedded database's scheduled backup, hourly look. The body is lib/jobs/database-backup.ts,
// shared with the embedded worker (with Trigger.dev the database is usually external, and the body does nothing).
import { schedules } from "@trigger.dev/sdk";
import { databaseBackupJob } from "@/lib/jobs/database-backup";
import { scheduledJob } from "./scheduled-job";

export const databaseBackupOptions = scheduledJob(databaseBackupJob);
export const databaseBackupTask = schedules.task(databaseBackupOptions);
