// bench/fresh-start: a fresh machine to a served dashboard, as the README's first command does it. Clones this
// checkout's HEAD into a temporary folder, installs with an empty npm cache of its own (every package fetched from the
// registry, as on a new machine; `npm ci`, falling back to `npm install` where the lock lists other platforms'
// optional packages), then runs `npm start` on a free port without DATABASE_URL (the embedded PostgreSQL, a fresh data
// folder) and waits for the first 200 on /inbox. Prints each phase and the total. The goal is 90 s.
//
//   npm run bench:fresh-start                      (BENCH_KEEP=1 leaves the folder for a look)
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort, printTable } from "./support";

const root = path.resolve(import.meta.dirname, "..");

function timed(label: string, phases: Array<[string, number]>, fn: () => void) {
  const t0 = performance.now();
  fn();
  phases.push([label, (performance.now() - t0) / 1000]);
}

function run(cmd: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env): number {
  return spawnSync(cmd, args, { cwd, env, stdio: ["ignore", "ignore", "inherit"] }).status ?? 1;
}

async function main() {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "fresh-start-"));
  // As root the embedded PostgreSQL runs as `postgres`, which must enter every folder above its data (README).
  fs.chmodSync(work, 0o755);
  const checkout = path.join(work, "outreach");
  const cache = path.join(work, "npm-cache");
  const phases: Array<[string, number]> = [];
  const started = performance.now();
  let server: ReturnType<typeof spawn> | null = null;
  try {
    timed("clone", phases, () => {
      if (run("git", ["clone", "--quiet", "--no-hardlinks", root, checkout], work) !== 0) throw new Error("git clone failed");
    });
    timed("install (empty npm cache)", phases, () => {
      const env = { ...process.env, npm_config_cache: cache };
      const ok = run("npm", ["ci", "--no-audit", "--no-fund"], checkout, env) === 0 || run("npm", ["install", "--no-audit", "--no-fund"], checkout, env) === 0;
      if (!ok) throw new Error("npm install failed");
    });
    const port = await freePort();
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOSTNAME: "127.0.0.1", LOG_LEVEL: "warn" };
    delete env.DATABASE_URL;
    const t0 = performance.now();
    server = spawn("npm", ["start"], { cwd: checkout, env, stdio: ["ignore", "ignore", "inherit"], detached: true });
    let served = false;
    for (let i = 0; i < 1200 && !served; i++) {
      if (server.exitCode !== null) throw new Error(`npm start exited with ${server.exitCode}`);
      const res = await fetch(`http://127.0.0.1:${port}/inbox`).catch(() => null);
      served = res?.status === 200;
      if (!served) await new Promise((r) => setTimeout(r, 250));
    }
    if (!served) throw new Error("no 200 on /inbox within 5 minutes");
    phases.push(["npm start to the first 200 on /inbox (build included)", (performance.now() - t0) / 1000]);
  } finally {
    if (server?.pid) {
      try {
        process.kill(-server.pid, "SIGTERM");
      } catch {
        // already gone
      }
      await new Promise((r) => setTimeout(r, 3000));
    }
    if (!process.env.BENCH_KEEP) fs.rmSync(work, { recursive: true, force: true });
    else console.log(`left in ${work}`);
  }
  const total = (performance.now() - started) / 1000;
  printTable(["phase", "seconds"], [...phases.map(([p, s]) => [p, s.toFixed(1)]), ["total", total.toFixed(1)]]);
  console.log(`goal: at most 90 s (${total <= 90 ? "met" : "not met"}); load average ${os.loadavg().map((l) => l.toFixed(2)).join(" ")}`);
}

await main();
