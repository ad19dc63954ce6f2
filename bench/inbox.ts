// bench/inbox: the inbox list route under concurrent load on a large backlog, beside the same query in plain SQL.
//
//   npm run bench -- inbox            (DATABASE_URL's server, or an embedded PostgreSQL when unset)
//   BENCH_DRAFTS_PER_ORG=100000 BENCH_ORGS=5 BENCH_CONCURRENCY=16 BENCH_REQUESTS=300 npm run bench -- inbox
//   BENCH_ONLY=search,counts BENCH_EXPLAIN=1 npm run bench -- inbox   (scenarios whose name contains a word, with plans)
//   BENCH_KEEP_DB=1 keeps the seeded database (its URL is printed); BENCH_REUSE_DB=<that url> runs on it without seeding
//   BENCH_ONLY=ttfd BENCH_TTFD_RUNS=10 npm run bench -- inbox   (time to the first draft on screen in Chromium only)
//   BENCH_ROUND=100: the route's gzip run, its statement and the identity run alternate in rounds of this many requests
//   BENCH_HTTP=fetch drives the route through fetch (undici) instead of node:http on kept-alive sockets
//
// Seeds BENCH_ORGS organizations with BENCH_DRAFTS_PER_ORG drafts each (interleaved, as real traffic would be)
// in a fresh database, starts the built app with `next start` (building it first when no build exists), and
// for each scenario prints p50/p95 of the HTTP route and of the plain SQL it runs, and the p95 ratio.
import { createHash } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import pg from "pg";
import { cpuMs, getOnAgent, inFlight, pct, printTable, releaseBenchDatabase, startNext } from "./support";
import { measureTtfd } from "./ttfd";

const ORGS = Number(process.env.BENCH_ORGS ?? 5);
const PER_ORG = Number(process.env.BENCH_DRAFTS_PER_ORG ?? 100_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);
const ROUND = Number(process.env.BENCH_ROUND ?? 100);
const PAUSE_MS = 250;
const TTFD_RUNS = Number(process.env.BENCH_TTFD_RUNS ?? 10);
const SECRET = "bench-secret-0123456789abcdefghijklmnop";

// The session module reads the environment when first imported.
Object.assign(process.env, { OUTREACH_AUTH: "on", AUTH_SECRET: SECRET, LOG_LEVEL: "silent" });

const rssMb = (pid: number) => Math.round(Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))![1]) / 1024);

async function heapSnapshot(pid: number) {
  const existing = new Set(fs.readdirSync(".").filter((f) => f.endsWith(".heapsnapshot")));
  process.kill(pid, "SIGUSR2");
  let last = -1;
  for (let i = 0; i < 240; i++) {
    await new Promise((r) => setTimeout(r, 500));
    const file = fs.readdirSync(".").find((f) => f.endsWith(".heapsnapshot") && !existing.has(f));
    if (!file) continue;
    const size = fs.statSync(file).size;
    if (size > 0 && size === last) return console.log(`heap snapshot: ${file} (${(size / 1e6).toFixed(0)} MB)`);
    last = size;
  }
}

interface Org {
  id: number;
  cookie: string;
  campaignId: number;
}

async function main() {
  const { createFreshDatabase } = await import("../test/int/fresh-database");
  const { encodeSession, SESSION_COOKIE } = await import("../lib/auth/session-cookie");

  // BENCH_REUSE_DB=<url of a database BENCH_KEEP_DB=1 kept>: no seeding, for repeated server-side experiments.
  const reuse = process.env.BENCH_REUSE_DB;
  const db = reuse ? { url: reuse, drop: async () => undefined } : await createFreshDatabase("bench");
  // encodeSession records the session it mints, and reads the user's session version, through the app's pool: this database's.
  process.env.DATABASE_URL = db.url;
  const pool = new pg.Pool({ connectionString: db.url, max: CONCURRENCY });
  let server: { base: string; stop(): Promise<void> } | undefined;
  try {
    const t0 = performance.now();
    const orgs = reuse ? await seededOrgs(pool) : await seed(pool);
    for (const org of orgs) {
      const user = await pool.query<{ id: number; username: string }>(
        `SELECT u.id, u.username FROM users u JOIN memberships m ON m.user_id = u.id WHERE m.organization_id = $1`, [org.id]);
      org.cookie = `${SESSION_COOKIE}=${await encodeSession({ userId: user.rows[0]!.id, orgId: org.id, username: user.rows[0]!.username })}`;
    }
    console.log(`seeded ${ORGS} organizations x ${PER_ORG.toLocaleString("en")} drafts in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    const started = await startNext(db.url, { OUTREACH_AUTH: "on", AUTH_SECRET: SECRET });
    server = started;
    const pid = started.child.pid!;
    const rss = [`ready: ${rssMb(pid)} MB`];
    const only = process.env.BENCH_ONLY?.split(",");
    // Time to first draft in Chromium: before the request load, so the server is as a reviewer first meets it.
    if (!only || only.includes("ttfd")) {
      console.log(`\n/inbox in Chromium, ${ORGS} organizations rotated, time from navigation start to the first draft row on screen\n`);
      printTable(["view", "first draft p50", "first draft p95", "first byte p50", "first byte p95"], await measureTtfd({ base: server.base, sessions: orgs.map((o) => o.cookie.slice(SESSION_COOKIE.length + 1)), cookieName: SESSION_COOKIE }, TTFD_RUNS));
      rss.push(`after the browser loads: ${rssMb(pid)} MB`);
    }
    if (only?.every((o) => o === "ttfd")) {
      console.log(`\nserver RSS (VmRSS of next start): ${rss.join("; ")}`);
      return;
    }
    const scenarios = (await buildScenarios(server.base, orgs)).filter((s) => !only || only.some((o) => s.name.includes(o)));
    rss.push(`after warm-up (${orgs.length * 20} list requests): ${rssMb(pid)} MB`);
    await load(1000, (i) => httpGet(server!.base, scenarios[i % scenarios.length]!.path(i), scenarios[i % scenarios.length]!.org(i).cookie));
    rss.push(`after 1,000 more inbox requests: ${rssMb(pid)} MB`);
    // BENCH_HEAP_SNAPSHOT=1 with BENCH_SERVER_NODE_ARGS=--heapsnapshot-signal=SIGUSR2: the server writes a heap
    // snapshot now (into its working directory), for a look at what holds the memory.
    if (process.env.BENCH_HEAP_SNAPSHOT) await heapSnapshot(pid);
    console.log(`\nconcurrency ${CONCURRENCY}, ${REQUESTS} requests per scenario (after ${Math.min(50, REQUESTS)} warm-up), each side in rounds of ${ROUND}, alternating\n`);
    // Browsers ask for gzip, so that is the headline; identity shows the cost of compression itself (the
    // benchmark's client shares these cores and must gunzip every reply).
    const header = ["scenario", "route p50", "route p95", "sql p50", "sql p95", "p95 ratio", "identity p95", "identity ratio"];
    const rows: string[][] = [];
    const cpu: string[][] = [];
    for (const s of scenarios) {
      await load(Math.min(50, REQUESTS), (i) => httpGet(server!.base, s.path(i), s.org(i).cookie));
      await load(Math.min(50, REQUESTS), (i) => plainSql(pool, s, i));
      // The three runs alternate in rounds of ROUND requests (gzip and the statement, then identity), so a
      // change in what else the two shared cores are doing lands on both sides of the ratio, not on one.
      const route: number[] = [];
      const plain: number[] = [];
      const sql: number[] = [];
      let serverCpu = 0;
      let clientCpu = 0;
      let serverDuringSql = 0;
      for (let done = 0; done < REQUESTS; done += ROUND) {
        const n = Math.min(ROUND, REQUESTS - done);
        // The CPU each side spent on the gzip run: the server's (all of it is the route's, nothing else is asked of
        // it) and this process's own (HTTP client and gunzip), which shares the two cores with the server and PostgreSQL.
        const gzipRound = async () => {
          const serverBefore = cpuMs(pid);
          const clientBefore = process.cpuUsage();
          route.push(...(await load(n, (i) => httpGet(server!.base, s.path(done + i), s.org(done + i).cookie))));
          const client = process.cpuUsage(clientBefore);
          serverCpu += cpuMs(pid) - serverBefore;
          clientCpu += (client.user + client.system) / 1000;
        };
        // The server's CPU while the statement is timed says whether work it left behind (a collection, a socket
        // still draining) took the cores from the statement's side.
        const sqlRound = async () => {
          const serverBefore = cpuMs(pid);
          sql.push(...(await load(n, (i) => plainSql(pool, s, done + i))));
          serverDuringSql += cpuMs(pid) - serverBefore;
        };
        const identityRound = async () =>
          void plain.push(...(await load(n, (i) => httpGet(server!.base, s.path(done + i), s.org(done + i).cookie, false, "identity"))));
        // Every other round the statement goes first, and a pause lets each run's tail of work end before the next.
        for (const round of (done / ROUND) % 2 === 0 ? [gzipRound, sqlRound, identityRound] : [sqlRound, gzipRound, identityRound]) {
          await round();
          await new Promise((r) => setTimeout(r, PAUSE_MS));
        }
      }
      cpu.push([s.name, (serverCpu / REQUESTS).toFixed(2) + " ms", (clientCpu / REQUESTS).toFixed(2) + " ms", (serverDuringSql / REQUESTS).toFixed(2) + " ms"]);
      const ratio = (v: number[]) => (pct(v, 95) / pct(sql, 95)).toFixed(2) + "x";
      rows.push([s.name, ms(pct(route, 50)), ms(pct(route, 95)), ms(pct(sql, 50)), ms(pct(sql, 95)), ratio(route), ms(pct(plain, 95)), ratio(plain)]);
    }
    printTable(header, rows);
    console.log("\nCPU per request of the gzip run (the server process, and this benchmark's HTTP client), and the server's while the statement was timed\n");
    printTable(["scenario", "server CPU", "client CPU", "server CPU while the statement ran"], cpu);
    if (process.env.BENCH_EXPLAIN === "1") await explain(pool, scenarios);
    rss.push(`after every scenario: ${rssMb(pid)} MB`);
    console.log(`\nserver RSS (VmRSS of next start): ${rss.join("; ")}`);
  } finally {
    await server?.stop();
    agent.destroy();
    await pool.end();
    await releaseBenchDatabase(db);
  }
}

interface Scenario {
  name: string;
  org: (i: number) => Org;
  query: (i: number) => Record<string, string | number>;
  path: (i: number) => string;
  /** Another route than the list (the tab counts): its path and the statement it runs. */
  route?: "counts";
}

/** The inbox views a reviewer uses most, rotated over every organization. */
async function buildScenarios(base: string, orgs: Org[]): Promise<Scenario[]> {
  const make = (name: string, query: (org: Org, i: number) => Record<string, string | number>, route?: "counts"): Scenario => {
    const org = (i: number) => orgs[i % orgs.length]!;
    const q = (i: number) => query(org(i), i);
    const base = route === "counts" ? "/api/drafts/counts" : "/api/drafts";
    return { name, org, query: q, route, path: (i) => `${base}?${new URLSearchParams(Object.entries(q(i)).map(([k, v]) => [k, String(v)]))}` };
  };
  // A cursor 20 pages deep per organization, fetched through the route itself.
  const deep = new Map<number, string>();
  for (const org of orgs) {
    let cursor = "";
    for (let page = 0; page < 20; page++) {
      const res = await httpGet(base, `/api/drafts?state=pending_review,proposed&limit=50${cursor ? `&cursor=${cursor}` : ""}`, org.cookie, true);
      const next = (res as { nextCursor: string | null }).nextCursor;
      if (!next) break; // a small backlog has fewer pages
      cursor = next;
    }
    deep.set(org.id, cursor);
  }
  return [
    make("needs review, first page", () => ({ state: "pending_review,proposed", limit: 50 })),
    make("needs review, page 21", (org) => ({ state: "pending_review,proposed", limit: 50, ...(deep.get(org.id) ? { cursor: deep.get(org.id)! } : {}) })),
    make("minQuality=75", () => ({ state: "pending_review,proposed", minQuality: 75, limit: 50 })),
    make("best quality first", () => ({ sort: "quality_desc", limit: 50 })),
    make("one campaign, approved", (org) => ({ campaign: org.campaignId, state: "approved", limit: 50 })),
    make("all states, newest", () => ({ limit: 50 })),
    ...searchScenarios(make),
  ];
}

/**
 * Search (the inbox's `q`, served by the GIN index on drafts.search_vector) and the tab counts (one grouped COUNT).
 * The seed's drafts are addressed to `person_<g>` (g interleaved over the organizations) and each body carries
 * md5(g): a handle and a body word each find about one draft; "thought" is in every body (the worst case).
 */
function searchScenarios(make: (name: string, query: (org: Org, i: number) => Record<string, string | number>, route?: "counts") => Scenario): Scenario[] {
  // The i-th request goes to organization i % ORGS, which owns g when g % ORGS equals it.
  const g = (i: number) => ORGS * (1 + ((i * 7919) % (PER_ORG - 1))) + (i % ORGS);
  return [
    make("search: a handle", (_org, i) => ({ q: `person_${g(i)}`, limit: 50 })),
    make("search: a body word", (_org, i) => ({ q: createHash("md5").update(String(g(i))).digest("hex").slice(0, 10), limit: 50 })),
    make("search: every draft matches", () => ({ q: "thought", limit: 50 })),
    make("search: 2 words, needs review", (_org, i) => ({ q: `wanted ${createHash("md5").update(String(g(i))).digest("hex").slice(0, 6)}`, state: "pending_review,proposed", limit: 50 })),
    make("tab counts", () => ({}), "counts"),
    make("tab counts, one campaign", (org) => ({ campaign: org.campaignId }), "counts"),
    make("tab counts, searched", () => ({ q: "thought" }), "counts"),
    make("tab counts, searched a handle", (_org, i) => ({ q: `person_${g(i)}` }), "counts"),
    make("tab counts, searched a body word", (_org, i) => ({ q: createHash("md5").update(String(g(i))).digest("hex").slice(0, 10) }), "counts"),
  ];
}

/** The route's own statements (lib/drafts/list-drafts.ts or count-drafts.ts), run bare over pg. */
async function plainSql(pool: pg.Pool, s: Scenario, i: number) {
  await scenarioStatements(pool, s, i);
}

/** Runs the scenario's statements as the route does (a search may take two) and returns them. */
async function scenarioStatements(pool: pg.Pool, s: Scenario, i: number) {
  const { listDraftRows } = await import("../lib/drafts/list-drafts");
  const { countDraftRows } = await import("../lib/drafts/count-drafts");
  const { ZListDraftsQuery, ZDraftFilter } = await import("../lib/drafts/schemas");
  const raw = Object.fromEntries(Object.entries(s.query(i)).map(([k, v]) => [k, String(v)]));
  const ran: { text: string; values: unknown[] }[] = [];
  const run = async (sql: { text: string; values: unknown[] }) => {
    ran.push(sql);
    return (await pool.query(sql.text, sql.values)).rows;
  };
  if (s.route === "counts") await countDraftRows({ orgId: s.org(i).id, filter: ZDraftFilter.parse(raw), run: run as never });
  else await listDraftRows({ orgId: s.org(i).id, query: ZListDraftsQuery.parse(raw), run });
  return ran;
}

/** BENCH_EXPLAIN=1: each scenario's plans at this scale (EXPLAIN ANALYZE of its first request), for docs/performance.md. */
async function explain(pool: pg.Pool, scenarios: Scenario[]) {
  for (const s of scenarios) {
    for (const sql of await scenarioStatements(pool, s, 1)) {
      const { rows } = await pool.query<{ "QUERY PLAN": string }>(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${sql.text}`, sql.values);
      console.log(`\n-- ${s.name}\n${rows.map((r) => r["QUERY PLAN"]).join("\n")}`);
    }
  }
}

/** The organizations an earlier run seeded, with the campaign the scenarios filter on. */
async function seededOrgs(pool: pg.Pool): Promise<Org[]> {
  const { rows } = await pool.query<{ id: number; campaign_id: number }>(
    `SELECT o.id, min(c.id) AS campaign_id FROM organizations o JOIN campaigns c ON c.organization_id = o.id WHERE o.slug LIKE 'bench-%' GROUP BY o.id ORDER BY o.id`);
  return rows.map((r) => ({ id: r.id, cookie: "", campaignId: r.campaign_id }));
}

async function seed(pool: pg.Pool): Promise<Org[]> {
  const orgs: Org[] = [];
  for (let n = 0; n < ORGS; n++) {
    const org = await pool.query<{ id: number }>(`INSERT INTO organizations (name, slug, is_default, created_at) VALUES ($1, $2, false, now()) RETURNING id`, [`Bench ${n}`, `bench-${n}`]);
    const orgId = org.rows[0]!.id;
    const user = await pool.query<{ id: number }>(`INSERT INTO users (username, password_hash, created_at) VALUES ($1, 'x', now()) RETURNING id`, [`bench-${n}`]);
    await pool.query(`INSERT INTO memberships (organization_id, user_id, role, created_at) VALUES ($1, $2, 'owner', now())`, [orgId, user.rows[0]!.id]);
    const project = await pool.query<{ id: number }>(`INSERT INTO projects (organization_id, name, description, created_at, updated_at) VALUES ($1, 'Bench project', '', now(), now()) RETURNING id`, [orgId]);
    const projectId = project.rows[0]!.id;
    await pool.query(`INSERT INTO accounts (organization_id, project_id, platform, platform_id, is_default, created_at, updated_at) VALUES ($1, $2, 'forum', 'bench_account', true, now(), now())`, [orgId, projectId]);
    const campaigns: number[] = [];
    for (let c = 0; c < 4; c++) {
      const row = await pool.query<{ id: number }>(
        `INSERT INTO campaigns (organization_id, project_id, name, platform, skill, runner, config, state, auto_post, created_at, updated_at)
         VALUES ($1, $2, $3, 'forum', 'forum-scout', 'cloud', '{}', 'active', false, now(), now()) RETURNING id`, [orgId, projectId, `Campaign ${c}`]);
      campaigns.push(row.rows[0]!.id);
    }
    orgs.push({ id: orgId, cookie: "", campaignId: campaigns[0]! });
  }
  const orgIds = orgs.map((o) => o.id);
  const projects = (await pool.query<{ organization_id: number; id: number }>(`SELECT organization_id, id FROM projects`)).rows;
  const campaigns = (await pool.query<{ organization_id: number; id: number }>(`SELECT organization_id, id FROM campaigns ORDER BY id`)).rows;
  // Interleaved in batches of 50,000 rows: organizations' drafts mix in the table as they would in production.
  const total = ORGS * PER_ORG;
  for (let start = 1; start <= total; start += 50_000) {
    const end = Math.min(total, start + 49_999);
    await pool.query(
      `INSERT INTO drafts (organization_id, version, state, kind, platform, project_id, account_handle, target_user, campaign_id,
                           body, quality_score, quality_reason, created_at, updated_at)
       SELECT o.org, 1,
              (ARRAY['pending_review','pending_review','pending_review','proposed','approved','sent','replied','rejected'])[1 + g % 8]::"DraftState",
              (ARRAY['dm','dm','post_comment','reply_dm','post'])[1 + g % 5]::"DraftKind",
              'forum', o.project, 'bench_account', 'person_' || g, o.campaigns[1 + ((g::bigint * 40503) % 65521)::int % 4],
              'Hi there, I read your post about ' || md5(g::text) || ' and wanted to share a thought that might help.',
              CASE WHEN g % 7 = 0 THEN NULL ELSE (g * 37) % 101 END, 'bench', now() - (($2 - g) || ' seconds')::interval, now()
       FROM generate_series($1::int, $2::int) g
       CROSS JOIN LATERAL (
         SELECT ($4::int[])[1 + g % $3] AS org,
                (SELECT id FROM jsonb_to_recordset($5::jsonb) AS p(organization_id int, id int) WHERE p.organization_id = ($4::int[])[1 + g % $3]) AS project,
                (SELECT array_agg(id ORDER BY id) FROM jsonb_to_recordset($6::jsonb) AS c(organization_id int, id int) WHERE c.organization_id = ($4::int[])[1 + g % $3]) AS campaigns
       ) o`,
      [start, end, ORGS, orgIds, JSON.stringify(projects), JSON.stringify(campaigns)],
    );
    process.stdout.write(`\rseeding ${end.toLocaleString("en")} / ${total.toLocaleString("en")}`);
  }
  process.stdout.write("\n");
  // As autovacuum leaves a table in service: statistics, and the visibility map the counts' index-only scan reads.
  await pool.query("VACUUM (ANALYZE) drafts");
  await pool.query("ANALYZE");
  return orgs;
}

// BENCH_HTTP=fetch measures through fetch (undici), which costs this process several times the CPU of node:http per
// request on the cores the server shares; the default is node:http on kept-alive sockets, reading every byte (and
// gunzipping it, as a browser would).
const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });

async function httpGet(base: string, path: string, cookie: string, parse = false, encoding = "gzip, deflate"): Promise<unknown> {
  if (process.env.BENCH_HTTP === "fetch" || parse) {
    const res = await fetch(base + path, { headers: { cookie, "accept-encoding": encoding } });
    if (!res.ok) throw new Error(`${path}: HTTP ${res.status} ${await res.text()}`);
    return parse ? res.json() : res.arrayBuffer();
  }
  return getOnAgent(agent, base + path, { cookie, "accept-encoding": encoding });
}

const load = (count: number, fn: (i: number) => Promise<unknown>) => inFlight(CONCURRENCY, count, fn);

const ms = (v: number) => `${v.toFixed(1)} ms`;

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
