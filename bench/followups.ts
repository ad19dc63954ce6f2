// bench/followups: what the follow-up scheduler (the followup-tick job, docs/sequences.md) costs with 100,000 sent
// messages waiting for their follow-up.
//
//   npm run bench:followups            (DATABASE_URL's server, or an embedded PostgreSQL when unset)
//   BENCH_MESSAGES=100000 BENCH_DUE=20 BENCH_TICKS=20 npm run bench:followups
//
// Seeds one organization with 10 campaigns whose steps are "3 days, then 7 days", BENCH_MESSAGES sent DMs spread over
// the last 2.9 days (none due yet) and BENCH_DUE sent 4 days ago (due), plus as many messages again in campaigns
// without follow-ups (which the tick must not read). Then prints:
// - the first tick: arming every waiting message (its due time computed once), then drafting the BENCH_DUE due
//   follow-ups (stop checks, placeholder and run each; no runner is set up, so no agent starts and the runs end at
//   once as runner_missing), per follow-up;
// - a tick with nothing due (the steady state, every minute): time, and the rows PostgreSQL read for it (EXPLAIN
//   ANALYZE of the tick's two statements: the arming read and the claim).
import pg from "pg";
import { pct, printTable } from "./support";

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 100_000);
const DUE = Number(process.env.BENCH_DUE ?? 20);
const TICKS = Number(process.env.BENCH_TICKS ?? 20);
const CAMPAIGNS = 10;
Object.assign(process.env, { LOG_LEVEL: "silent", OUTREACH_AUTH: "off" });

const ms = (v: number) => `${v.toFixed(1)} ms`;

async function main() {
  const { createFreshDatabase, stopEmbeddedTestServer } = await import("../test/int/fresh-database");
  const fresh = await createFreshDatabase("benchfollowups");
  process.env.DATABASE_URL = fresh.url;
  const { closeDb } = await import("../lib/db/client");
  const { log } = await import("../lib/log/logger");
  const { followupTick } = await import("../lib/jobs/followup-tick");
  const { unsafeArmFollowups } = await import("../lib/followups/arm-followups");
  const { unsafeDraftDueFollowups } = await import("../lib/followups/draft-due-followups");
  const pool = new pg.Pool({ connectionString: fresh.url, max: 2 });
  try {
    const t0 = performance.now();
    const orgId = await seed(pool);
    console.log(
      `seeded 1 organization: ${MESSAGES.toLocaleString("en")} sent DMs waiting (+${DUE} due) in ${CAMPAIGNS} campaigns with follow-ups, ` +
        `${MESSAGES.toLocaleString("en")} more in campaigns without, in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );

    const now = new Date();
    let t = performance.now();
    const armed = await unsafeArmFollowups({ now, orgIds: [orgId] });
    console.log(`first tick, arming: ${armed.armed.toLocaleString("en")} messages given their due time in ${ms(performance.now() - t)}`);
    t = performance.now();
    try {
      const drafted = await unsafeDraftDueFollowups({ now, orgIds: [orgId] });
      const took = performance.now() - t;
      console.log(`first tick, drafting: ${drafted.drafted} due follow-ups in ${ms(took)} (${ms(took / Math.max(drafted.drafted, 1))} each: stop checks, placeholder, run)`);
    } catch (err) {
      // Said as it is: a figure to fix, not a crash to hide.
      console.log(`first tick, drafting: failed after ${ms(performance.now() - t)}: ${(err as Error).message.split("\n")[0]}`);
    }
    // What autovacuum does after a batch of updates this size: the index entries of the messages' old versions go.
    await pool.query("VACUUM ANALYZE drafts");

    const idle: number[] = [];
    for (let i = 0; i < TICKS; i++) {
      t = performance.now();
      const r = await followupTick({ now: new Date(), log, orgIds: [orgId] });
      idle.push(performance.now() - t);
      if (r.drafted || r.armed) throw new Error(`a steady tick did work: ${JSON.stringify(r)}`);
    }
    const scanned = await rowsRead(pool, orgId);
    console.log(`\nsteady tick (nothing due, ${MESSAGES.toLocaleString("en")} waiting), ${TICKS} ticks\n`);
    printTable(
      ["p50", "p95", "rows read: arming", "rows read: claim"],
      [[ms(pct(idle, 50)), ms(pct(idle, 95)), scanned.arm.toLocaleString("en"), scanned.claim.toLocaleString("en")]],
    );
  } finally {
    await pool.end();
    await closeDb();
    await fresh.drop();
    await stopEmbeddedTestServer();
  }
}

/** Rows PostgreSQL read (every scan node, times its loops) for the tick's arming read and its claim, as EXPLAIN ANALYZE counts them. */
async function rowsRead(pool: pg.Pool, orgId: number): Promise<{ arm: number; claim: number }> {
  const plans = (await pool.query<{ c: number; o: number; d: number[] }>(
    `SELECT id AS c, organization_id AS o, ARRAY(SELECT (e->>'afterDays')::int FROM jsonb_array_elements(config->'followups') e) AS d
       FROM campaigns WHERE state = 'active' AND config->'followups' IS NOT NULL AND organization_id = $1`, [orgId])).rows;
  const arm = await explainRows(pool, `
    WITH steps AS (SELECT * FROM jsonb_to_recordset($1::jsonb) AS s(c int, o int, d int[]))
    SELECT d.id FROM drafts d JOIN steps s ON s.c = d.campaign_id AND s.o = d.organization_id
     WHERE d.campaign_id = ANY($2::int[]) AND d.followup_due_at IS NULL AND d.followup_closed_at IS NULL AND d.campaign_id IS NOT NULL
       AND d.state IN ('sent', 'replied') AND d.kind NOT IN ('post', 'reply_dm', 'reply_comment') AND d.sent_at IS NOT NULL`, [JSON.stringify(plans), plans.map((p) => p.c)]);
  const claim = await explainRows(pool, `
    SELECT id, organization_id FROM drafts
     WHERE followup_due_at IS NOT NULL AND followup_closed_at IS NULL AND followup_due_at <= now()
       AND organization_id = ANY($1::int[])
     ORDER BY followup_due_at, id LIMIT 1`, [[orgId]]);
  return { arm, claim };
}

type PlanNode = { "Node Type": string; "Actual Rows"?: number; "Actual Loops"?: number; "Rows Removed by Filter"?: number; Plans?: PlanNode[] };

async function explainRows(pool: pg.Pool, sql: string, params: unknown[]): Promise<number> {
  const res = await pool.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`, params);
  const plan = (res.rows[0]["QUERY PLAN"] as Array<{ Plan: PlanNode }>)[0]!.Plan;
  const walk = (n: PlanNode): number =>
    (/Scan/.test(n["Node Type"]) && n["Node Type"] !== "Function Scan" ? ((n["Actual Rows"] ?? 0) + (n["Rows Removed by Filter"] ?? 0)) * (n["Actual Loops"] ?? 1) : 0) +
    (n.Plans ?? []).reduce((sum, c) => sum + walk(c), 0);
  return walk(plan);
}

async function seed(pool: pg.Pool): Promise<number> {
  const tag = Math.random().toString(36).slice(2, 8);
  const orgId = (await pool.query<{ id: number }>("INSERT INTO organizations (name, slug) VALUES ($1, $1) RETURNING id", [`bench-${tag}`])).rows[0].id;
  const projectId = (await pool.query<{ id: number }>("INSERT INTO projects (organization_id, name, description, updated_at) VALUES ($1, 'Bench', 'Bench', now()) RETURNING id", [orgId])).rows[0].id;
  const accountId = (await pool.query<{ id: number }>(
    "INSERT INTO accounts (organization_id, project_id, platform, platform_id, updated_at) VALUES ($1, $2, 'forum', 'bench_me', now()) RETURNING id", [orgId, projectId])).rows[0].id;
  // Half the campaigns have follow-up steps, half have none.
  await pool.query(
    `INSERT INTO campaigns (organization_id, project_id, name, platform, skill, runner, state, config, updated_at)
     SELECT $1, $2, 'Campaign ' || g, 'forum', 'forum-scout', 'not-installed', 'active',
            CASE WHEN g <= ${CAMPAIGNS} THEN '{"followups":[{"afterDays":3},{"afterDays":7}]}'::jsonb ELSE '{}'::jsonb END, now()
       FROM generate_series(1, ${CAMPAIGNS * 2}) g`, [orgId, projectId]);
  const ids = (await pool.query<{ id: number; f: boolean }>("SELECT id, config ? 'followups' AS f FROM campaigns WHERE organization_id = $1 ORDER BY id", [orgId])).rows;
  const withSteps = ids.filter((c) => c.f).map((c) => c.id);
  const without = ids.filter((c) => !c.f).map((c) => c.id);
  const insert = (campaigns: number[], n: number, ageSql: string, prefix: string) =>
    pool.query(
      `INSERT INTO drafts (organization_id, state, kind, platform, project_id, account_id, account_handle, target_user, campaign_id, body, sent_at, created_at, updated_at)
       SELECT $1, 'sent', 'dm', 'forum', $2, $3, 'bench_me', '${prefix}_' || g, ($4::int[])[1 + g % cardinality($4::int[])],
              'Hi, I read your post about onboarding and had a thought.', now() - ${ageSql}, now() - ${ageSql}, now()
         FROM generate_series(1, ${n}) g`,
      [orgId, projectId, accountId, campaigns]);
  await insert(withSteps, MESSAGES, "make_interval(secs => (random() * 2.9 * 86400)::int)", "waiting");
  await insert(withSteps, DUE, "interval '4 days'", "due");
  await insert(without, MESSAGES, "make_interval(secs => (random() * 30 * 86400)::int)", "plain");
  await pool.query("ANALYZE drafts; ANALYZE campaigns");
  return orgId;
}

// Dropping the database at the end terminates any pooled connection still idle somewhere in the app's modules; that
// is the end of the run, not a failure.
process.on("uncaughtException", (err: Error & { code?: string }) => {
  if (err.code === "57P01") return;
  console.error(err);
  process.exit(1);
});

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
