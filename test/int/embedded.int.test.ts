// The embedded database after its parent is killed with SIGKILL: the orphaned server is cleaned up, the next
// start comes up on the same data, and nothing committed is lost.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import net from "node:net";
import pg from "pg";
import { describe, expect, it } from "vitest";
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

describe("embedded PostgreSQL", () => {
  it("comes back up with its data after the process that started it was killed with SIGKILL", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "outreach-embedded-"));
    fs.chmodSync(dir, 0o755);
    const port = await freePort();
    const child = spawn(process.execPath, ["node_modules/tsx/dist/cli.mjs", "test/int/embedded-child.ts", dir, String(port)], {
      env: { ...process.env, LOG_LEVEL: "silent" },
      stdio: ["ignore", "pipe", "inherit"],
    });
    await new Promise<void>((resolve, reject) => {
      child.stdout!.on("data", (d) => String(d).includes("READY") && resolve());
      child.once("exit", (code) => reject(new Error(`child exited with ${code}`)));
    });
    child.kill("SIGKILL");
    await new Promise((r) => child.once("exit", r));
    const pidFile = path.join(dir, "pg", "postmaster.pid");
    expect(fs.existsSync(pidFile)).toBe(true); // the orphaned server is still running

    const db = await startEmbeddedPostgres({ dataDir: dir, port, log: log.child({}) });
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
