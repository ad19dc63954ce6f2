// bench/jobs: one campaign tick over 10,000 active campaigns with spread crons, in-process against a fresh database.
//
//   npm run bench:jobs                 (DATABASE_URL's server, or an embedded PostgreSQL when unset)
//   BENCH_CAMPAIGNS=50000 npm run bench:jobs
//
// Campaigns `m * * * *` with m spread over the hour, so about 1/60 of them are due at each tick. Database time is the
// time the tick spends waiting on its queries (every query of the process is timed at the pg driver), beside the
// tick's wall time. Scenarios: nothing due; the due ones refused (their runner is not installed here: claim, refusal,
// outcome written); the due ones still running their previous run (claim, live-run check, outcome). Starting an agent
// process is not database work and is left out (bench/tools measures the run path's tool calls).
import pg from "pg";
import { pct, printTable } from "./support";

const CAMPAIGNS = Number(process.env.BENCH_CAMPAIGNS ?? 10_000);
const ORGS = 10;
const TICKS = Number(process.env.BENCH_TICKS ?? 5);
Object.assign(process.env, { LOG_LEVEL: "silent" });

// Every query the app sends goes through pg.Client#query (promise or callback form): time it from send to answer.
let dbMs = 0;
let queries = 0;
const original = pg.Client.prototype.query as (...args: unknown[]) => unknown;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const t0 = performance.now();
  queries += 1;
  const done = () => (dbMs += performance.now() - t0);
  const last = args.length - 1;
  if (typeof args[last] === "function") {
    const callback = args[last] as (...r: unknown[]) => void;
    args[last] = (...r: unknown[]) => {
      done();
      callback(...r);
    };
    return original.apply(this, args);
  }
  const result = original.apply(this, args);
  if (result && typeof (result as Promise<unknown>).then === "function") (result as Promise<unknown>).then(done, done);
  return result;
} as typeof pg.Client.prototype.query;

async function main() {
  const { createFreshDatabase, stopEmbeddedTestServer } = await import("../test/int/fresh-database");
  const fresh = await createFreshDatabase("benchjobs");
  process.env.DATABASE_URL = fresh.url;
  const { closeDb } = await import("../lib/db/client");
  const { campaignTick } = await import("../lib/jobs/campaign-tick");
  const { detectRunners } = await import("../lib/runners/detect-runners");
  const { log } = await import("../lib/log/logger");
  const admin = new pg.Client({ connectionString: fresh.url });
  await admin.connect();
  try {
    const base = new Date("2026-06-01T10:00:00Z");
    const t0 = performance.now();
    await seed(admin, base);
    console.log(`seeded ${CAMPAIGNS.toLocaleString("en")} active campaigns over ${ORGS} organizations in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    await detectRunners(); // the runner probes are cached per process, like a running server's

    const rows: string[][] = [];
    const scenario = async (name: string, prepare: (minute: number) => Promise<void>) => {
      const wall: number[] = [];
      const db: number[] = [];
      let due = 0;
      let count = 0;
      for (let t = 0; t < TICKS; t++) {
        const minute = 10 + t;
        await prepare(minute);
        const now = new Date(base.getTime() + minute * 60_000 + 5_000);
        dbMs = 0;
        queries = 0;
        const start = performance.now();
        const r = await campaignTick({ now, log });
        wall.push(performance.now() - start);
        db.push(dbMs);
        due = r.started + r.refused + r.alreadyRunning;
        count = queries;
      }
      rows.push([name, String(due), String(count), ms(pct(db, 50)), ms(pct(db, 100)), ms(pct(wall, 50)), ms(pct(wall, 100))]);
    };

    await scenario("nothing due", async (minute) => {
      await admin.query(`UPDATE campaigns SET next_run_at = $1`, [new Date(base.getTime() + (minute + 30) * 60_000)]);
    });
    // Each campaign's next slot at or after the tick's minute: only those of that minute are due.
    const nextSlots = async (minute: number) => {
      await admin.query(`UPDATE campaigns SET next_run_at = $1::timestamptz + (((id % 60) - $2 + 60) % 60 + $2 || ' minutes')::interval`, [base, minute]);
    };
    await scenario("1/60 due, runner not installed", nextSlots);
    await scenario("1/60 due, previous run still going", async (minute) => {
      await nextSlots(minute);
      if ((await admin.query(`SELECT 1 FROM runs LIMIT 1`)).rowCount) return;
      await admin.query(
        `INSERT INTO runs (organization_id, campaign_id, project_id, kind, status, runner, trigger)
         SELECT organization_id, id, project_id, 'campaign', 'running', runner, 'schedule' FROM campaigns`,
      );
    });
    console.log(`\n${TICKS} ticks per scenario (p50 and max)\n`);
    printTable(["scenario", "due", "queries", "db p50", "db max", "wall p50", "wall max"], rows);
  } finally {
    await admin.end();
    await closeDb();
    await fresh.drop();
    await stopEmbeddedTestServer();
  }
}

async function seed(c: pg.Client, base: Date) {
  await c.query(`INSERT INTO organizations (name, slug) SELECT 'Bench ' || g, 'bench-' || g FROM generate_series(1, ${ORGS}) g`);
  await c.query(`INSERT INTO projects (organization_id, name, updated_at) SELECT o.id, 'Project ' || g, now() FROM organizations o, generate_series(1, 10) g`);
  await c.query(
    `INSERT INTO campaigns (organization_id, project_id, name, platform, skill, runner, cron, state, next_run_at, updated_at)
     SELECT p.organization_id, p.id, 'Campaign ' || g, 'forum', 'forum-scout', 'codex', '0 * * * *', 'active', $1, now()
       FROM projects p, generate_series(1, ${Math.ceil(CAMPAIGNS / (ORGS * 10))}) g`,
    [base],
  );
  // Spread: campaign i fires at minute i % 60 of every hour.
  await c.query(`UPDATE campaigns SET cron = (id % 60) || ' * * * *', next_run_at = $1::timestamptz + ((id % 60) || ' minutes')::interval`, [base]);
  await c.query(`ANALYZE campaigns`);
}

const ms = (v: number) => `${v.toFixed(1)} ms`;

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
