// Creates a brand-new PostgreSQL database for a test run: on the server DATABASE_URL points at when set
// (CI's PostgreSQL), otherwise on an embedded server started in a temporary folder. Nothing from an
// earlier run is ever reused.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import net from "node:net";
import pg from "pg";
import { runMigrations } from "@/lib/db/migrate";
import { startEmbeddedPostgres, type EmbeddedDatabase } from "@/lib/db/embedded";
import { log } from "@/lib/log/logger";

export interface FreshDatabase {
  url: string;
  drop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

let embedded: { server: EmbeddedDatabase; dir: string } | undefined;

async function serverUrl(): Promise<string> {
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
  if (!embedded) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "outreach-test-pg-"));
    fs.chmodSync(dir, 0o755);
    const server = await startEmbeddedPostgres({ dataDir: dir, port: await freePort(), log: log.child({ scope: "test-db" }) });
    embedded = { server, dir };
  }
  return embedded.server.url;
}

/** `migrated: false` leaves it empty, as a new install's database is before the first start. */
export async function createFreshDatabase(label = "t", { migrated = true }: { migrated?: boolean } = {}): Promise<FreshDatabase> {
  const base = new URL(await serverUrl());
  const name = `outreach_${label}_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
  const admin = new pg.Client({ connectionString: withDatabase(base, "postgres") });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = withDatabase(base, name);
  if (migrated) await runMigrations({ url });
  return {
    url,
    async drop() {
      const c = new pg.Client({ connectionString: withDatabase(base, "postgres") });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await c.end();
    },
  };
}

export async function stopEmbeddedTestServer() {
  if (!embedded) return;
  await embedded.server.stop();
  fs.rmSync(embedded.dir, { recursive: true, force: true });
  embedded = undefined;
}

function withDatabase(base: URL, db: string): string {
  const u = new URL(base.toString());
  u.pathname = `/${db}`;
  return u.toString();
}
