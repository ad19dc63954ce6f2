// Backups of the embedded database, round trip: data made, a backup taken while the server runs and a writer keeps
// writing, more data made after it, then the backup restored into an empty data folder and started: the data from
// before the backup is back exactly (the app's migrations and rows included), the later data is not, and the rows the
// writer committed during the backup are a consistent prefix. Restoring over a folder that holds a database is refused.
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { backupEmbeddedDatabase } from "@/lib/backup/backup-embedded-database";
import { restoreEmbeddedDatabase } from "@/lib/backup/restore-embedded-database";
import { startEmbeddedPostgres, type EmbeddedDatabase } from "@/lib/db/embedded";
import { runMigrations } from "@/lib/db/migrate";
import { log } from "@/lib/log/logger";

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

const servers: EmbeddedDatabase[] = [];
const dirs: string[] = [];
afterAll(async () => {
  for (const s of servers) await s.stop().catch(() => undefined);
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

function folder(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "outreach-backup-"));
  fs.chmodSync(dir, 0o755); // as root the server runs as `postgres`, which must enter it
  dirs.push(dir);
  return dir;
}

async function query<T extends pg.QueryResultRow>(url: string, sql: string, params: unknown[] = []): Promise<T[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query<T>(sql, params)).rows;
  } finally {
    await c.end();
  }
}

const dump = async (url: string) =>
  JSON.stringify({
    notes: await query(url, `SELECT id, body FROM notes WHERE body LIKE 'before%' ORDER BY id`),
    migrations: await query(url, `SELECT migration_name, checksum FROM "_prisma_migrations" ORDER BY migration_name`),
    organizations: await query(url, `SELECT id, name, slug FROM organizations ORDER BY id`),
  });

describe("backup and restore of the embedded database", () => {
  it("brings back exactly the data of the moment of the backup, taken while the server runs and is written to", { timeout: 120_000 }, async () => {
    const live = folder();
    const first = await startEmbeddedPostgres({ dataDir: live, port: await freePort(), log });
    servers.push(first);
    await runMigrations({ url: first.url });
    await query(first.url, `CREATE TABLE notes (id serial PRIMARY KEY, body text NOT NULL)`);
    await query(first.url, `INSERT INTO notes (body) SELECT 'before ' || g FROM generate_series(1, 2000) g`);
    await query(first.url, `INSERT INTO organizations (name, slug) VALUES ('Harbor Studio', 'harbor-studio')`);
    const before = await dump(first.url);

    // A writer keeps committing while the backup is taken.
    let writing = true;
    let written = 0;
    const writer = (async () => {
      const c = new pg.Client({ connectionString: first.url });
      await c.connect();
      while (writing) {
        await c.query(`INSERT INTO notes (body) VALUES ('during ' || $1)`, [++written]);
      }
      await c.end();
    })();
    const file = path.join(folder(), "backup.tar.gz");
    const made = await backupEmbeddedDatabase({ url: first.url, dataDir: live, file });
    writing = false;
    await writer;
    expect(made.bytes).toBeGreaterThan(0);
    expect(written).toBeGreaterThan(0);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);

    await query(first.url, `INSERT INTO notes (body) SELECT 'after ' || g FROM generate_series(1, 50) g`);
    await query(first.url, `UPDATE organizations SET name = 'Renamed after the backup'`);
    await first.stop();
    servers.splice(servers.indexOf(first), 1);

    // Over the folder that holds the database: refused, and the folder is untouched.
    const pgVersionBefore = fs.readFileSync(path.join(live, "pg", "PG_VERSION"), "utf8");
    await expect(restoreEmbeddedDatabase({ dataDir: live, file })).rejects.toThrow(/refuses to overwrite/);
    expect(fs.readFileSync(path.join(live, "pg", "PG_VERSION"), "utf8")).toBe(pgVersionBefore);

    // Into an empty data folder: the server replays the backup's WAL as it starts.
    const restoredDir = folder();
    await restoreEmbeddedDatabase({ dataDir: restoredDir, file });
    const restored = await startEmbeddedPostgres({ dataDir: restoredDir, port: await freePort(), log });
    servers.push(restored);
    expect(await dump(restored.url)).toBe(before);
    expect(await query(restored.url, `SELECT count(*)::int AS n FROM notes WHERE body LIKE 'after%'`)).toEqual([{ n: 0 }]);
    // What the writer committed during the backup comes back as an unbroken run from its first row.
    const during = (await query<{ body: string }>(restored.url, `SELECT body FROM notes WHERE body LIKE 'during%' ORDER BY id`)).map((r) => Number(r.body.split(" ")[1]));
    expect(during).toEqual(during.map((_, i) => i + 1));
    expect(during.length).toBeLessThanOrEqual(written);
    await restored.stop();
    servers.splice(servers.indexOf(restored), 1);
  });

  it("refuses an archive that is not a backup", async () => {
    const dir = folder();
    const bogus = path.join(dir, "not-a-backup.tar.gz");
    const tar = await import("tar");
    fs.writeFileSync(path.join(dir, "hello.txt"), "hello");
    await tar.c({ gzip: true, file: bogus, cwd: dir }, ["hello.txt"]);
    await expect(restoreEmbeddedDatabase({ dataDir: path.join(dir, "data"), file: bogus })).rejects.toThrow(/not a backup/);
  });
});
