// What the Operator area's Backups card shows: the schedule and its last result, the archives in the backups folder,
// and how to restore one. With a PostgreSQL of the operator's own there is nothing of ours to show: its backups are
// that server's tools (docs/deploying.md "Backups").
import path from "node:path";
import { env } from "@/lib/env";
import { getBackupSchedule, type BackupScheduleView } from "@/lib/backup/backup-schedule";
import { listBackupFiles, type BackupFile } from "@/lib/backup/backup-files";
import { embeddedDatabaseInUse, type EmbeddedDatabaseInUse } from "@/lib/boot/ensure-database";

export type BackupsOverview =
  | { database: "external"; schedule: BackupScheduleView }
  | {
      database: "embedded";
      schedule: BackupScheduleView;
      /** The folder as the operator configured it (OUTREACH_DATA_DIR, often relative to the installation). */
      folder: string;
      files: BackupFile[];
      /** The commands that put the newest backup back, in order (the dashboard stopped first). */
      restore: string[];
    };

export async function getBackupsOverview({ database = embeddedDatabaseInUse() }: { database?: EmbeddedDatabaseInUse | null } = {}): Promise<BackupsOverview> {
  const schedule = await getBackupSchedule();
  if (!database) return { database: "external", schedule };
  const files = listBackupFiles({ dataDir: database.dataDir });
  // Paths as the operator typed OUTREACH_DATA_DIR when it is the one in use, so the commands work from the install.
  const shown = path.resolve(env.OUTREACH_DATA_DIR) === path.resolve(database.dataDir) ? env.OUTREACH_DATA_DIR : database.dataDir;
  const dir = shown.replace(/\/+$/, "");
  return {
    database: "embedded",
    schedule,
    folder: `${dir}/backups`,
    files,
    restore: [
      `mv ${dir}/pg ${dir}/pg.before-restore`,
      `npm run outreach -- restore ${dir}/backups/${files[0]?.name ?? "<file>.tar.gz"}`,
      "npm start",
    ],
  };
}
