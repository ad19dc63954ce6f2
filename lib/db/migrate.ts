// Applies the committed SQL migrations in prisma/migrations. The Prisma 7 CLI needs a native engine that
// cannot be downloaded everywhere, so the project applies its own files: in order, each in a transaction,
// under an advisory lock (several instances may boot at once), and recorded in `_prisma_migrations` with
// Prisma's own columns so `prisma migrate deploy` agrees wherever it can run.
import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import type { Logger } from "@/lib/log/logger";

// Any constant works; it only has to be the same for every instance of this app.
const MIGRATION_LOCK_KEY = 7_210_421_123;

export interface MigrationResult {
  applied: string[];
  skipped: string[];
}

export function migrationsDir(root = process.cwd()): string {
  return path.join(root, "prisma", "migrations");
}

/** This release's migrations, by folder name, in the order they apply. */
export function migrationNames(dir = migrationsDir()): string[] {
  return fs
    .readdirSync(/*turbopackIgnore: true*/ dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && fs.existsSync(path.join(dir, d.name, "migration.sql")))
    .map((d) => d.name)
    .sort();
}

export async function runMigrations(opts: { url: string; dir?: string; log?: Logger }): Promise<MigrationResult> {
  const dir = opts.dir ?? migrationsDir();
  const names = migrationNames(dir);
  const client = new pg.Client({ connectionString: opts.url });
  await client.connect();
  const result: MigrationResult = { applied: [], skipped: [] };
  try {
    await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    await client.query(`CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
      "id" VARCHAR(36) PRIMARY KEY NOT NULL,
      "checksum" VARCHAR(64) NOT NULL,
      "finished_at" TIMESTAMPTZ,
      "migration_name" VARCHAR(255) NOT NULL,
      "logs" TEXT,
      "rolled_back_at" TIMESTAMPTZ,
      "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
      "applied_steps_count" INTEGER NOT NULL DEFAULT 0
    )`);
    const done = await client.query<{ migration_name: string; checksum: string }>(
      `SELECT migration_name, checksum FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
    );
    const applied = new Map(done.rows.map((r) => [r.migration_name, r.checksum]));
    for (const name of names) {
      const sql = fs.readFileSync(/*turbopackIgnore: true*/ path.join(dir, name, "migration.sql"), "utf8");
      const checksum = createHash("sha256").update(sql).digest("hex");
      const previous = applied.get(name);
      if (previous) {
        if (previous !== checksum) {
          opts.log?.warn("an applied migration was edited after it ran; the edit is ignored", { migration: name });
        }
        result.skipped.push(name);
        continue;
      }
      await client.query("BEGIN");
      try {
        await client.query(sql);
        await client.query(
          `INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, applied_steps_count, started_at)
           VALUES ($1, $2, now(), $3, 1, now())`,
          [randomUUID(), checksum, name],
        );
        await client.query("COMMIT");
      } catch (err) {
        await client.query("ROLLBACK");
        throw new Error(`Migration ${name} failed: ${(err as Error).message}`);
      }
      opts.log?.info("applied migration", { migration: name });
      result.applied.push(name);
    }
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => undefined);
    await client.end();
  }
  return result;
}
