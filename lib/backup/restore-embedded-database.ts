// `npm run outreach -- restore <file>`: puts a backup made by backup-embedded-database.ts back as the embedded
// database's data folder. Only into an empty place: a data folder that holds a database (a live one, or one someone
// may still want) is refused, never overwritten. The next start of the dashboard (or of this command's check) replays
// the WAL in the backup and comes up with the data as it was when the backup ended.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import * as tar from "tar";

export async function restoreEmbeddedDatabase({ dataDir, file }: { dataDir: string; file: string }): Promise<{ pgDir: string }> {
  const root = path.resolve(dataDir);
  const pgDir = path.join(root, "pg");
  if (fs.existsSync(pgDir) && fs.readdirSync(pgDir).length > 0) {
    throw new Error(`${pgDir} already holds a database: restore refuses to overwrite it. Stop the dashboard, move that folder away, then restore again.`);
  }
  if (!fs.existsSync(file)) throw new Error(`No backup at ${file}`);
  fs.mkdirSync(root, { recursive: true, mode: 0o755 });
  const staging = fs.mkdtempSync(path.join(root, ".restore-"));
  try {
    await tar.x({ file, cwd: staging });
    if (!fs.existsSync(path.join(staging, "pg", "PG_VERSION")) || !fs.existsSync(path.join(staging, "pg", "backup_label"))) {
      throw new Error(`${file} is not a backup of the embedded database (no data folder with a backup_label in it)`);
    }
    fs.rmSync(pgDir, { recursive: true, force: true });
    fs.renameSync(path.join(staging, "pg"), pgDir);
    fs.chmodSync(pgDir, 0o700);
    // As root the server runs as `postgres`, which must own its data folder (lib/db/embedded.ts).
    if (process.getuid?.() === 0) execFileSync("chown", ["-R", "postgres:", pgDir]);
    // The restored server knows the backup's password: the app's password file must say the same.
    const saved = path.join(staging, "embedded-postgres.json");
    if (fs.existsSync(saved)) {
      const settingsFile = path.join(root, "embedded-postgres.json");
      const current = fs.existsSync(settingsFile) ? JSON.parse(fs.readFileSync(settingsFile, "utf8")) : {};
      const { password } = JSON.parse(fs.readFileSync(saved, "utf8")) as { password: string };
      fs.writeFileSync(settingsFile, JSON.stringify({ ...current, password }), { mode: 0o600 });
    }
    return { pgDir };
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}
