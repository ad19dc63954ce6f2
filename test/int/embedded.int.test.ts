// The embedded database after its parent is killed with SIGKILL: the orphaned server is cleaned up, the next
// start comes up on the same data, and nothing committed is lost. The child runs under `node --import tsx` (not the
// tsx CLI, which would start the script as a grandchild the SIGKILL never reaches), and the file fails if any process
// it started outlives it.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import net from "node:net";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { startEmbeddedPostgres } from "@/lib/db/embedded";
import { log } from "@/lib/log/logger";

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/** Every process this file started: the child, and the PostgreSQL server it left behind. */
const started = new Set<number>();

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

afterAll(async () => {
  // A process can take a moment to be reaped after its stop.
  const deadline = Date.now() + 10_000;
  while ([...started].some(alive) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  const left = [...started].filter(alive);
  for (const pid of left) process.kill(pid, "SIGKILL");
  expect(left, `processes still running after the suite: ${left.join(", ")}`).toEqual([]);
});

describe("embedded PostgreSQL", () => {
  it("comes back up with its data after the process that started it was killed with SIGKILL", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "outreach-embedded-"));
    fs.chmodSync(dir, 0o755);
    const port = await freePort();
    const child = spawn(process.execPath, ["--import", "tsx", "test/int/embedded-child.ts", dir, String(port)], {
      env: { ...process.env, LOG_LEVEL: "silent" },
      stdio: ["ignore", "pipe", "inherit"],
    });
    started.add(child.pid!);
    const reportedPid = await new Promise<number>((resolve, reject) => {
      let out = "";
      child.stdout!.on("data", (d) => {
        out += String(d);
        const m = /READY (\d+)/.exec(out);
        if (m) resolve(Number(m[1]));
      });
      child.once("exit", (code) => reject(new Error(`child exited with ${code}`)));
    });
    // The process that holds the database is the one spawned, so the SIGKILL below reaches it.
    expect(reportedPid).toBe(child.pid);
    child.kill("SIGKILL");
    await new Promise((r) => child.once("exit", r));
    expect(alive(child.pid!)).toBe(false);
    const pidFile = path.join(dir, "pg", "postmaster.pid");
    expect(fs.existsSync(pidFile)).toBe(true); // the orphaned server is still running
    const orphan = Number(fs.readFileSync(pidFile, "utf8").split("\n")[0]);
    expect(alive(orphan)).toBe(true);
    started.add(orphan);

    const db = await startEmbeddedPostgres({ dataDir: dir, port, log: log.child({}) });
    started.add(Number(fs.readFileSync(pidFile, "utf8").split("\n")[0]));
    try {
      const c = new pg.Client({ connectionString: db.url });
      await c.connect();
      const { rows } = await c.query("SELECT note FROM survival");
      await c.end();
      expect(rows).toEqual([{ note: "written before the crash" }]);
    } finally {
      await db.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
