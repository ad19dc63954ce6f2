// bench/start-up: how soon `next start` serves the inbox, and what the server holds in memory idle and after use.
//
//   npm run bench:start-up        (DATABASE_URL's server, or an embedded PostgreSQL when unset; after `npm run build`)
//   BENCH_STARTS=5 BENCH_REQUESTS=1000 BENCH_IDLE_S=10 npm run bench:start-up
//   BENCH_SERVER_NODE_ARGS="--max-semi-space-size=4" BENCH_SERVER_ENV="MALLOC_ARENA_MAX=2"   (to compare a setting)
//
// Migrates a fresh database and seeds the default organization (a project, a campaign, 400 drafts of a real length),
// then BENCH_STARTS times: spawns `node scripts/start.mjs start`, which is what `npm start` runs (no tuning of the
// environment), with the file cache warm, and times process start to the first answer of any kind and to the first
// 200 on /inbox.
// On the last start it waits BENCH_IDLE_S seconds and reads the server's RSS (idle), then sends BENCH_REQUESTS inbox
// page requests (4 in flight) and reads it again, with the resident memory by kind from /proc/<pid>/smaps_rollup and
// the file-backed mappings holding the most, and V8's own figures (heap used and committed per space, external memory)
// from the instance's /api/metrics.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import pg from "pg";
import { freePort, pct, printTable } from "./support";

const STARTS = Number(process.env.BENCH_STARTS ?? 5);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1000);
const IDLE_S = Number(process.env.BENCH_IDLE_S ?? 10);
const NODE_ARGS = (process.env.BENCH_SERVER_NODE_ARGS ?? "").split(" ").filter(Boolean);
const SERVER_ENV = Object.fromEntries((process.env.BENCH_SERVER_ENV ?? "").split(" ").filter(Boolean).map((kv) => kv.split("=") as [string, string]));
const METRICS_TOKEN = "bench-metrics-token-0123456789";
Object.assign(process.env, { LOG_LEVEL: "silent", OUTREACH_AUTH: "off" });

const BODY =
  "Hi there, I read your post about keeping a small warehouse cold through the summer and the racking you settled on. " +
  "We make modular shelving for rooms of 100 to 400 square metres, and two of our customers had the same airflow problem.";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;

async function main() {
  if (!fs.existsSync(".next/BUILD_ID")) throw new Error("no production build: run `npm run build` first");
  const { createFreshDatabase, stopEmbeddedTestServer } = await import("../test/int/fresh-database");
  const fresh = await createFreshDatabase("benchstartup");
  const pool = new pg.Pool({ connectionString: fresh.url, max: 2 });
  try {
    await seed(pool);
    const starts: Array<{ answer: number; inbox: number }> = [];
    let last: Started | null = null;
    for (let i = 0; i < STARTS; i++) {
      const started = await startAndTime(fresh.url);
      starts.push(started.timing);
      if (i < STARTS - 1) await started.stop();
      else last = started;
    }
    console.log(`\nprocess start to first answer, ${STARTS} starts (warm file cache, migrated database)\n`);
    printTable(
      ["", "min", "p50", "max"],
      [
        ["first answer (any status)", s(Math.min(...starts.map((x) => x.answer))), s(pct(starts.map((x) => x.answer), 50)), s(Math.max(...starts.map((x) => x.answer)))],
        ["first 200 on /inbox", s(Math.min(...starts.map((x) => x.inbox))), s(pct(starts.map((x) => x.inbox), 50)), s(Math.max(...starts.map((x) => x.inbox)))],
      ],
    );
    const server = last!;
    await sleep(IDLE_S * 1000);
    const idle = memoryOf(server.child.pid!);
    const idleHeap = await heapOf(server.base);
    const t = performance.now();
    await load(server.base, REQUESTS);
    const took = performance.now() - t;
    await sleep(2000);
    const used = memoryOf(server.child.pid!);
    const usedHeap = await heapOf(server.base);
    console.log(`\nserver memory: idle ${IDLE_S} s after start, then after ${REQUESTS.toLocaleString("en")} /inbox requests (${(REQUESTS / (took / 1000)).toFixed(0)} a second)\n`);
    printTable(
      ["", "RSS", "anonymous", "file-backed", "largest files"],
      [
        ["idle", mb(idle.rss), mb(idle.anon), mb(idle.file), idle.top],
        [`after ${REQUESTS}`, mb(used.rss), mb(used.anon), mb(used.file), used.top],
      ],
    );
    console.log("\nV8, from /api/metrics (MB): heap used / committed, per space, and external (buffers, native)\n");
    const spaces = Object.keys(usedHeap.spaces);
    printTable(
      ["", "heap", ...spaces, "external"],
      [idleHeap, usedHeap].map((h, i) => [i === 0 ? "idle" : `after ${REQUESTS}`, `${h.used} / ${h.total}`, ...spaces.map((k) => h.spaces[k] ?? "-"), h.external]),
    );
    await server.stop();
  } finally {
    await pool.end();
    await fresh.drop();
    await stopEmbeddedTestServer();
  }
}

interface Started {
  base: string;
  child: ChildProcess;
  timing: { answer: number; inbox: number };
  stop(): Promise<void>;
}

async function startAndTime(databaseUrl: string): Promise<Started> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // As a person's shell runs it: no NODE_ENV (start.mjs sets it), no allocator tuning.
  const env: Record<string, string | undefined> = {
    ...process.env, PORT: String(port), HOSTNAME: "127.0.0.1", DATABASE_URL: databaseUrl, OUTREACH_AUTH: "off", LOG_LEVEL: "warn", OUTREACH_METRICS_TOKEN: METRICS_TOKEN,
  };
  delete env.NODE_ENV;
  delete env.MALLOC_ARENA_MAX;
  Object.assign(env, SERVER_ENV);
  const t0 = performance.now();
  // What `npm start` runs (its build check, then Next in the same process), without npm's own start-up.
  const child = spawn(process.execPath, [...NODE_ARGS, "scripts/start.mjs", "start"], { env: env as unknown as NodeJS.ProcessEnv, stdio: ["ignore", "ignore", "inherit"] });
  let answer = 0;
  let inbox = 0;
  while (!inbox) {
    if (child.exitCode !== null) throw new Error("next start exited");
    if (performance.now() - t0 > 60_000) throw new Error("no 200 on /inbox within 60 s");
    const res = await fetch(`${base}/inbox`, { redirect: "manual" }).catch(() => null);
    if (res) {
      await res.arrayBuffer();
      answer ||= performance.now() - t0;
      if (res.status === 200) inbox = performance.now() - t0;
    }
    if (!inbox) await sleep(20);
  }
  return {
    base,
    child,
    timing: { answer, inbox },
    async stop() {
      if (child.exitCode !== null) return;
      child.kill("SIGTERM");
      await new Promise((r) => child.once("exit", r));
    },
  };
}

/** V8's figures from prom-client's default metrics, in MB. */
async function heapOf(base: string) {
  const text = await (await fetch(`${base}/api/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  const value = (name: string, label = "") => {
    const line = text.split("\n").find((l) => l.startsWith(`${name}${label ? `{${label}` : " "}`));
    return line ? (Number(line.split(" ").pop()) / 1048576).toFixed(0) : "?";
  };
  const spaces: Record<string, string> = {};
  for (const space of ["new", "old", "code", "large_object"]) spaces[space] = `${value("outreach_nodejs_heap_space_size_used_bytes", `space="${space}"`)} / ${value("outreach_nodejs_heap_space_size_total_bytes", `space="${space}"`)}`;
  return { used: value("outreach_nodejs_heap_size_used_bytes"), total: value("outreach_nodejs_heap_size_total_bytes"), external: value("outreach_nodejs_external_memory_bytes"), spaces };
}

async function load(base: string, total: number) {
  let next = 0;
  const worker = async () => {
    while (next < total) {
      next++;
      const res = await fetch(`${base}/inbox`);
      if (res.status !== 200) throw new Error(`/inbox answered ${res.status}`);
      await res.arrayBuffer();
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
}

/** RSS by kind, in KB, from /proc/<pid>/smaps_rollup; and the file-backed mappings holding the most. */
function memoryOf(pid: number) {
  const rollup = fs.readFileSync(`/proc/${pid}/smaps_rollup`, "utf8");
  const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+)`, "m").exec(rollup)?.[1] ?? 0);
  const rss = field("Rss");
  const anon = field("Anonymous");
  // Anonymous memory is V8's heap and code and native (malloc) memory; file-backed is the node binary, shared
  // libraries and files mapped from disk.
  const byName = new Map<string, number>();
  let name = "";
  for (const line of fs.readFileSync(`/proc/${pid}/smaps`, "utf8").split("\n")) {
    const head = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) name = head[1] ?? "";
    else if (name.startsWith("/") && line.startsWith("Rss:")) byName.set(name, (byName.get(name) ?? 0) + Number(line.split(/\s+/)[1]));
  }
  const top = [...byName.entries()].sort((x, y) => y[1] - x[1]).slice(0, 2).map(([n, kb]) => `${n.split("/").pop()} ${mb(kb)}`).join(", ");
  return { rss, anon, file: rss - anon, top };
}

async function seed(pool: pg.Pool) {
  // The first start migrates the database and makes the default organization; one more start is the first measured.
  const warm = await startAndTime((pool.options as { connectionString: string }).connectionString);
  await warm.stop();
  const one = async <T extends Record<string, unknown>>(sql: string, values: unknown[] = []) => (await pool.query<T>(sql, values)).rows[0]!;
  const org = await one<{ id: number }>("SELECT id FROM organizations WHERE is_default");
  const project = await one<{ id: number }>("INSERT INTO projects (organization_id, name, description, updated_at) VALUES ($1, 'Cold storage', 'Shelving', now()) RETURNING id", [org.id]);
  const campaign = await one<{ id: number }>(
    `INSERT INTO campaigns (organization_id, project_id, name, platform, skill, runner, state, config, updated_at)
     VALUES ($1, $2, 'Warehouse owners', 'forum', 'forum-scout', 'cloud', 'active', '{}', now()) RETURNING id`, [org.id, project.id]);
  await pool.query(
    `INSERT INTO drafts (organization_id, project_id, campaign_id, state, kind, platform, account_handle, target_user, body, quality_score, updated_at)
     SELECT $1, $2, $3, 'pending_review', 'dm', 'forum', 'me', 'person_' || g, $4, 40 + g % 60, now() FROM generate_series(1, 400) g`,
    [org.id, project.id, campaign.id, BODY]);
  await pool.query("ANALYZE drafts");
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
