// `outreach backup [file]` and `outreach restore <file>`: the embedded database's backups (docs/deploying.md,
// "Backups"). With an external DATABASE_URL they refuse and say what to use instead.
import { env } from "@/lib/env";
import { ensureDatabase } from "@/lib/boot/ensure-database";
import { backupEmbeddedDatabase, defaultBackupFile } from "@/lib/backup/backup-embedded-database";
import { restoreEmbeddedDatabase } from "@/lib/backup/restore-embedded-database";
import { CliUsageError } from "@/lib/cli/drafts-commands";

export const BACKUP_USAGE = `  backup [file]                                  back up the embedded database while it runs
                                                 (default file: <data dir>/backups/outreach-<time>.tar.gz)
  restore <file>                                 put a backup back as the embedded database; only into an
                                                 empty data folder (stop the dashboard, move the old one away)
`;

const EXTERNAL = "DATABASE_URL names a PostgreSQL of your own: back it up with its own tools (pg_dump of the server's major version, or your provider's snapshots; docs/deploying.md, \"Backups\")";

export async function backupCommand(args: string[]): Promise<unknown> {
  if (args.length > 1) throw new CliUsageError("backup takes at most one argument, the file to write");
  if (process.env.DATABASE_URL) throw new CliUsageError(EXTERNAL);
  // Starts the embedded server, or shares the one the running dashboard holds.
  await ensureDatabase();
  return backupEmbeddedDatabase({ url: process.env.DATABASE_URL!, dataDir: env.OUTREACH_DATA_DIR, file: args[0] ?? defaultBackupFile(env.OUTREACH_DATA_DIR) });
}

export async function restoreCommand(args: string[]): Promise<unknown> {
  if (args.length !== 1) throw new CliUsageError("restore takes one argument, the backup file");
  if (process.env.DATABASE_URL) throw new CliUsageError(EXTERNAL);
  const { pgDir } = await restoreEmbeddedDatabase({ dataDir: env.OUTREACH_DATA_DIR, file: args[0]! });
  return { restored: pgDir, next: "start the dashboard (npm start): the database replays the backup's WAL as it starts" };
}
