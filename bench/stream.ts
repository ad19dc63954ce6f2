// bench/stream: many browsers on the live stream of one organization, and how fast a published event reaches them.
//
//   npm run bench:stream              (DATABASE_URL's server, or an embedded PostgreSQL when unset)
//   BENCH_CLIENTS=2000 BENCH_EVENTS=50 BENCH_EVENT_GAP_MS=100 npm run bench:stream
//   BENCH_NATIVE_STREAM=off npm run bench:stream   (Next's route instead of the native path: OUTREACH_NATIVE_STREAM)
//   BENCH_SIGN_IN=on BENCH_CLIENTS=10000 BENCH_EVENTS=70 BENCH_EVENT_GAP_MS=500 npm run bench:stream
//                                     (signed-in clients, each with a session of its own among BENCH_USERS members;
//                                      a burst of 35 s spans two of the streams' 15 s access re-checks)
//
// Starts the built app with `next start` (building it first when no build exists) on a fresh database, sign-in off
// (everything belongs to the default organization) unless BENCH_SIGN_IN=on, and opens BENCH_CLIENTS connections to GET /api/stream from this
// process with plain `http.request`, parsing the SSE frames itself. Once every client has its `hello`, it publishes
// BENCH_EVENTS `drafts:changed` notices straight onto the NOTIFY channel, as the app's own publish() does, each
// carrying its sequence number in `ids`, and times publish-to-receive for every client and event. Prints latency,
// delivery, connect time, and the server's resident memory and CPU around it.
import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import pg from "pg";
import { pct, printTable, startNext, type NextServer } from "./support";

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 2000);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 50);
const GAP_MS = Number(process.env.BENCH_EVENT_GAP_MS ?? 100);
// Connections opened at once. All 2,000 at the same instant overflow the listen backlog and the kernel's SYN retry
// (1 s, then 3 s) would be what the connect time measures.
const CONNECT_CONCURRENCY = Number(process.env.BENCH_CONNECT_CONCURRENCY ?? 200);
// on: `next start` serves the stream on the Node response (lib/events/serve-stream-natively.ts); off: Next's route.
const NATIVE = process.env.BENCH_NATIVE_STREAM === "off" ? "off" : "on";
const CHANNEL = "outreach_events"; // lib/events/bus.ts EVENTS_CHANNEL
const SIGN_IN = process.env.BENCH_SIGN_IN === "on";
const USERS = Number(process.env.BENCH_USERS ?? 100);
const SECRET = "bench-secret-0123456789abcdefghijklmnop";

Object.assign(process.env, { LOG_LEVEL: "silent", AUTH_SECRET: SECRET });

interface StreamClient {
  req: http.ClientRequest;
  /** Receive time (performance.now) per event sequence number; NaN until it arrives. */
  received: Float64Array;
  hello: boolean;
}

async function main() {
  const { createFreshDatabase, stopEmbeddedTestServer } = await import("../test/int/fresh-database");

  const db = await createFreshDatabase("bench_stream");
  const pool = new pg.Pool({ connectionString: db.url, max: 2 });
  // pid: the process that holds the listening socket (next start may serve from a child of the one spawned).
  let server: (NextServer & { pid: number }) | undefined;
  const clients: StreamClient[] = [];
  // One socket per SSE client: the agent must never make a stream wait for a free socket.
  const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS + 16 });
  try {
    // The default organization, created up front so the bench knows its id (the app upserts the same row).
    const org = await pool.query<{ id: number }>(
      `INSERT INTO organizations (name, slug, is_default, created_at) VALUES ('Default organization', 'default', true, now()) RETURNING id`,
    );
    const orgId = org.rows[0]!.id;

    // Signed in: BENCH_USERS members of the organization, and one session cookie per client (each its own jti, as
    // each browser's sign-in is), so the server re-checks CLIENTS distinct sessions.
    const cookies: string[] = [];
    if (SIGN_IN) {
      process.env.DATABASE_URL = db.url;
      const { encodeSession, SESSION_COOKIE } = await import("../lib/auth/session-cookie");
      const users = await pool.query<{ id: number; username: string }>(
        `INSERT INTO users (username, password_hash, created_at) SELECT 'streamer' || g, 'x', now() FROM generate_series(1, ${USERS}) g RETURNING id, username`,
      );
      await pool.query(`INSERT INTO memberships (organization_id, user_id, role, created_at) SELECT $1, unnest($2::int[]), 'member', now()`, [orgId, users.rows.map((u) => u.id)]);
      for (let i = 0; i <= CLIENTS; i++) {
        const u = users.rows[i % users.rows.length]!;
        cookies.push(`${SESSION_COOKIE}=${await encodeSession({ userId: u.id, orgId, username: u.username })}`);
      }
    }
    const started = await startNext(db.url, { OUTREACH_NATIVE_STREAM: NATIVE, ...(SIGN_IN ? { OUTREACH_AUTH: "on", AUTH_SECRET: SECRET, OUTREACH_JOBS: "off" } : {}) });
    server = { ...started, pid: listeningPid(started.child, started.port) };
    const url = new URL(`${server.base}/api/stream`);

    // One stream opened and closed first, so the route's modules and the LISTEN connection are loaded before the
    // baseline: the per-connection figure should not carry one-off costs.
    const warm = await openClient(url, agent, 0, cookies[CLIENTS]);
    warm.req.destroy();
    await sleep(500);

    const mem: Array<[string, number]> = [];
    mem.push(["before clients", rssKb(server.pid)]);

    const t0 = performance.now();
    let next = 0;
    let failed = 0;
    await Promise.all(
      Array.from({ length: Math.min(CONNECT_CONCURRENCY, CLIENTS) }, async () => {
        while (next < CLIENTS) {
          next++;
          try {
            const i = next;
            clients.push(await openClient(url, agent, EVENTS, cookies[i - 1]));
          } catch (err) {
            if (failed++ === 0) console.error(`a client failed to connect: ${(err as Error).message}`);
          }
        }
      }),
    );
    const connectMs = performance.now() - t0;
    console.log(`${clients.length} / ${CLIENTS} clients received hello in ${(connectMs / 1000).toFixed(2)} s${failed ? ` (${failed} failed)` : ""}`);
    await sleep(1000); // let the server settle after the connect storm before reading its memory
    mem.push(["clients connected", rssKb(server.pid)]);

    // The burst: one NOTIFY per event, straight on the channel, spaced GAP_MS apart on a fixed schedule.
    const notifier = new pg.Client({ connectionString: db.url });
    await notifier.connect();
    const sentAt = new Float64Array(EVENTS + 1).fill(NaN);
    const cpuBefore = cpuMs(server.pid);
    const benchCpuBefore = process.cpuUsage();
    const xactsBefore = await transactions(pool);
    const burstStart = performance.now();
    for (let seq = 1; seq <= EVENTS; seq++) {
      const due = burstStart + (seq - 1) * GAP_MS;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      const notice = JSON.stringify({ o: orgId, t: "drafts:changed", ids: [seq] });
      sentAt[seq] = performance.now();
      await notifier.query("SELECT pg_notify($1, $2)", [CHANNEL, notice]);
    }
    await notifier.end();
    const expected = clients.length * EVENTS;
    const deadline = performance.now() + 10_000;
    while (countDelivered(clients) < expected && performance.now() < deadline) await sleep(50);
    const serverCpu = cpuMs(server.pid) - cpuBefore;
    const burstS = (performance.now() - burstStart) / 1000;
    // The statistics reach pg_stat_database within a second of each transaction's end.
    await sleep(1500);
    const xacts = (await transactions(pool)) - xactsBefore;
    const benchCpu = process.cpuUsage(benchCpuBefore);
    mem.push(["after the burst", rssKb(server.pid)]);

    const latencies: number[] = [];
    const firstPerEvent: number[] = [];
    const spreadPerEvent: number[] = [];
    for (let seq = 1; seq <= EVENTS; seq++) {
      let first = Infinity;
      let last = -Infinity;
      for (const c of clients) {
        const at = c.received[seq]!;
        if (Number.isNaN(at)) continue;
        const lat = at - sentAt[seq]!;
        latencies.push(lat);
        first = Math.min(first, lat);
        last = Math.max(last, lat);
      }
      if (first !== Infinity) {
        firstPerEvent.push(first);
        spreadPerEvent.push(last - first);
      }
    }

    for (const c of clients) c.req.destroy();
    await sleep(2000);
    mem.push(["clients closed", rssKb(server.pid)]);

    console.log(`\n${clients.length} clients, ${EVENTS} events ${GAP_MS} ms apart, sign-in ${SIGN_IN ? `on (${USERS} members)` : "off"}, ${NATIVE === "on" ? "native stream" : "Next's route"}, one next-server process (pid ${server.pid})\n`);
    printTable(
      ["publish -> receive", "value"],
      [
        ["delivered / expected", `${latencies.length.toLocaleString("en")} / ${expected.toLocaleString("en")}`],
        ["latency p50", ms(pct(latencies, 50))],
        ["latency p99", ms(pct(latencies, 99))],
        ["latency max", ms(max(latencies))],
        ["first client of an event, p50", ms(pct(firstPerEvent, 50))],
        ["first to last client of an event, p50", ms(pct(spreadPerEvent, 50))],
        ["first to last client of an event, max", ms(max(spreadPerEvent))],
        ["connect + hello, all clients", `${(connectMs / 1000).toFixed(2)} s`],
        ["server CPU per event (fan-out)", ms(serverCpu / EVENTS)],
        ["bench CPU per event (parsing)", ms((benchCpu.user + benchCpu.system) / 1000 / EVENTS)],
        // Everything the database committed during the burst (the server's re-checks and this bench's NOTIFYs and reads).
        ["database transactions a second, during the burst", (xacts / burstS).toFixed(1)],
      ],
    );
    console.log("");
    const base = mem[0]![1];
    printTable(
      ["server RSS (VmRSS)", "value", "vs before clients"],
      mem.map(([label, kb]) => [label, `${(kb / 1024).toFixed(1)} MB`, `${kb - base >= 0 ? "+" : ""}${((kb - base) / 1024).toFixed(1)} MB`]),
    );
    const perConn = (mem[1]![1] - base) / Math.max(1, clients.length);
    console.log(`\nper connection (connected - before) / clients: ${perConn.toFixed(1)} KB`);
    if (latencies.length < expected) process.exitCode = 1;
  } finally {
    for (const c of clients) c.req.destroy();
    agent.destroy();
    await server?.stop();
    await pool.end();
    await db.drop();
    await stopEmbeddedTestServer();
  }
}

/** Opens one SSE connection and resolves when its `hello` arrives. Frames are parsed by hand (no EventSource). */
function openClient(url: URL, agent: http.Agent, events: number, cookie?: string): Promise<StreamClient> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { agent, headers: { accept: "text/event-stream", ...(cookie ? { cookie } : {}) } });
    const client: StreamClient = { req, received: new Float64Array(events + 1).fill(NaN), hello: false };
    const timer = setTimeout(() => {
      req.destroy();
      reject(new Error("no hello within 60 s"));
    }, 60_000);
    req.on("error", (err) => {
      clearTimeout(timer);
      if (!client.hello) reject(err);
    });
    req.on("response", (res) => {
      if (res.statusCode !== 200) {
        clearTimeout(timer);
        res.resume();
        return reject(new Error(`HTTP ${res.statusCode}`));
      }
      res.setEncoding("utf8");
      let buffer = "";
      res.on("data", (chunk: string) => {
        // One clock read per chunk: every frame in it arrived together.
        const at = performance.now();
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf("\n\n")) !== -1) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          let event = "message";
          let data = "";
          for (const line of frame.split("\n")) {
            if (line.startsWith(":")) continue; // :ping
            if (line.startsWith("event:")) event = line.slice(6).trim();
            else if (line.startsWith("data:")) data += line.slice(5).trimStart();
          }
          if (event === "hello" && !client.hello) {
            client.hello = true;
            clearTimeout(timer);
            resolve(client);
          } else if (event === "drafts:changed") {
            const seq = (JSON.parse(data) as { ids: number[] }).ids[0]!;
            if (seq >= 1 && seq <= events && Number.isNaN(client.received[seq]!)) client.received[seq] = at;
          }
        }
      });
      res.on("error", () => undefined); // a destroyed stream at the end is expected
    });
    req.end();
  });
}

async function transactions(pool: pg.Pool): Promise<number> {
  const { rows } = await pool.query<{ n: string }>("SELECT xact_commit + xact_rollback AS n FROM pg_stat_database WHERE datname = current_database()");
  return Number(rows[0]!.n);
}

function countDelivered(clients: StreamClient[]): number {
  let n = 0;
  for (const c of clients) for (let i = 1; i < c.received.length; i++) if (!Number.isNaN(c.received[i]!)) n++;
  return n;
}

/** Resident set size of a process in KB, from /proc/<pid>/status. */
function rssKb(pid: number): number {
  const m = /VmRSS:\s+(\d+)\s+kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
  return m ? Number(m[1]) : NaN;
}

/** User + system CPU time of a process in ms, from /proc/<pid>/stat (clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10; // utime, stime (fields 14, 15 of the whole line)
}

/** The pid, among the spawned process and its descendants, that holds the socket listening on `port`. */
function listeningPid(child: ChildProcess, port: number): number {
  const hex = port.toString(16).toUpperCase().padStart(4, "0");
  const inodes = new Set<string>();
  for (const file of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    if (!fs.existsSync(file)) continue;
    for (const line of fs.readFileSync(file, "utf8").split("\n").slice(1)) {
      const cols = line.trim().split(/\s+/);
      // local_address ends in :PORT, state 0A is LISTEN, column 9 is the inode
      if (cols[1]?.endsWith(`:${hex}`) && cols[3] === "0A") inodes.add(cols[9]!);
    }
  }
  const family = [child.pid!, ...descendants(child.pid!)];
  for (const pid of family) {
    try {
      for (const fd of fs.readdirSync(`/proc/${pid}/fd`)) {
        const target = fs.readlinkSync(`/proc/${pid}/fd/${fd}`);
        const m = /^socket:\[(\d+)\]$/.exec(target);
        if (m && inodes.has(m[1]!)) return pid;
      }
    } catch {
      // the process went away or a descriptor closed while reading
    }
  }
  return child.pid!;
}

function descendants(root: number): number[] {
  const parentOf = new Map<number, number>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      parentOf.set(Number(entry), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]));
    } catch {}
  }
  const out: number[] = [];
  const queue = [root];
  while (queue.length) {
    const p = queue.shift()!;
    for (const [pid, ppid] of parentOf) if (ppid === p) (out.push(pid), queue.push(pid));
  }
  return out;
}

const sleep = (msec: number) => new Promise((r) => setTimeout(r, msec));

// A loop, not Math.max(...values): 100,000 arguments overflow the stack.
function max(values: number[]): number {
  let m = -Infinity;
  for (const v of values) if (v > m) m = v;
  return m;
}

const ms = (v: number) => `${v.toFixed(1)} ms`;

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
