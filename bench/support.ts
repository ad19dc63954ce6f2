// Small helpers the benchmarks share: percentiles, a free port, and the printed tables.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import { gunzipSync } from "node:zlib";
import net from "node:net";

/** The p-th percentile (nearest rank) of the values. */
export function pct(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Runs `count` calls with `concurrency` in flight and returns each call's latency in ms. */
export async function inFlight(concurrency: number, count: number, fn: (i: number) => Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const i = next++;
        const t = performance.now();
        await fn(i);
        times.push(performance.now() - t);
      }
    }),
  );
  return times;
}

/** utime + stime of a process, in ms (/proc/<pid>/stat fields 14 and 15, in clock ticks of 10 ms). */
export function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** A table with the first column left-aligned and the figures right-aligned. */
export function printTable(header: string[], rows: string[][]) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ");
  console.log(line(header));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const r of rows) console.log(line(r));
}

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

export interface NextServer {
  base: string;
  port: number;
  child: ChildProcess;
  stop(): Promise<void>;
}

/**
 * `next start` on a free loopback port against the given database (building first when there is no build), ready
 * once /login answers. BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the server under load.
 */
export async function startNext(databaseUrl: string, env: Record<string, string> = {}): Promise<NextServer> {
  if (!fs.existsSync(".next/BUILD_ID")) {
    console.log("no production build found: running next build");
    const built = spawnSync(process.execPath, ["node_modules/next/dist/bin/next", "build"], { stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
    if (built.status !== 0) throw new Error("next build failed");
  }
  const port = await freePort();
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? "").split(" ").filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, "node_modules/next/dist/bin/next", "start", "-p", String(port), "-H", "127.0.0.1"], {
    // MALLOC_ARENA_MAX as `npm run cloud` runs the dashboard (scripts/cloud-stack/stack-env.ts); set it to compare.
    env: { ...process.env, NODE_ENV: "production", DATABASE_URL: databaseUrl, OUTREACH_AUTH: "off", LOG_LEVEL: "warn", MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? "2", ...env },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const base = `http://127.0.0.1:${port}`;
  let ready = false;
  for (let i = 0; i < 240 && !ready; i++) {
    if (child.exitCode !== null) throw new Error("next start exited");
    try {
      await fetch(`${base}/login`, { redirect: "manual" });
      ready = true;
    } catch {
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  if (!ready) throw new Error("next start did not answer within 60 s");
  return {
    base,
    port,
    child,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill("SIGTERM");
      await new Promise((r) => child.once("exit", r));
    },
  };
}

/**
 * GET on a kept-alive socket of `agent`, reading every byte and gunzipping it as a browser would; throws on anything
 * but 200. node:http rather than fetch: undici costs this process several times the CPU per request, on the cores
 * the server shares.
 */
export async function getOnAgent(agent: http.Agent, url: string, headers: Record<string, string>): Promise<Buffer> {
  const { status, body, gzipped } = await new Promise<{ status: number; body: Buffer; gzipped: boolean }>((resolve, reject) => {
    const req = http.get(url, { agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks), gzipped: res.headers["content-encoding"] === "gzip" }));
      res.on("error", reject);
    });
    req.on("error", reject);
  });
  const text = gzipped ? gunzipSync(body) : body;
  if (status !== 200) throw new Error(`${url}: HTTP ${status} ${text.toString().slice(0, 300)}`);
  return text;
}

/**
 * The end of a benchmark on a seeded database: the app's own pool (encodeSession and the domain functions opened it)
 * closes before the drop ends its connections. BENCH_KEEP_DB=1 keeps the database for EXPLAINs by hand and prints its
 * URL; drop it yourself after.
 */
export async function releaseBenchDatabase(db: { url: string; drop(): Promise<void> }): Promise<void> {
  const { closeDb } = await import("../lib/db/client");
  await closeDb();
  if (process.env.BENCH_KEEP_DB === "1") console.log(`kept the database: ${db.url}`);
  else await db.drop();
  const { stopEmbeddedTestServer } = await import("../test/int/fresh-database");
  await stopEmbeddedTestServer();
}
