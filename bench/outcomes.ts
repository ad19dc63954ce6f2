// bench/outcomes: the Outcomes view for one organization with 500,000 drafts, read from the daily rollups, beside the
// same totals computed straight from the drafts (the design the rollups replace), and what keeping them costs.
//
//   npm run bench:outcomes            (DATABASE_URL's server, or an embedded PostgreSQL when unset)
//   BENCH_DRAFTS=500000 BENCH_DAYS=365 BENCH_REQUESTS=200 BENCH_CONCURRENCY=8 npm run bench:outcomes
//
// Seeds one organization: 20 campaigns, three runner x model pairs, one priced run per campaign per day, drafts spread
// over BENCH_DAYS days in every state (5% of the sent ones edited, with their body_edited event). Then prints:
// - the first refresh (every day rebuilt) and a refresh after 500 drafts were decided (only the touched days);
// - GET /api/outcomes called in-process (the route handler with a real request and a signed-in session: session
//   check, zod, the rollup read and the JSON), p50/p95 per scenario, one caller and BENCH_CONCURRENCY callers;
// - the 12-week totals computed from the drafts table directly, p50/p95, for comparison.
import pg from "pg";
import { pct, printTable } from "./support";

const DRAFTS = Number(process.env.BENCH_DRAFTS ?? 500_000);
const DAYS = Number(process.env.BENCH_DAYS ?? 365);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const CAMPAIGNS = 20;
const SECRET = "bench-secret-0123456789abcdefghijklmnop";
Object.assign(process.env, { LOG_LEVEL: "silent", OUTREACH_AUTH: "on", AUTH_SECRET: SECRET });

const ms = (v: number) => `${v.toFixed(1)} ms`;

async function main() {
  const { createFreshDatabase, stopEmbeddedTestServer } = await import("../test/int/fresh-database");
  const fresh = await createFreshDatabase("benchoutcomes");
  process.env.DATABASE_URL = fresh.url;
  const { closeDb } = await import("../lib/db/client");
  const { refreshOutcomes } = await import("../lib/outcomes/refresh-outcomes");
  const { encodeSession, SESSION_COOKIE } = await import("../lib/auth/session-cookie");
  const route = await import("../app/api/outcomes/route");
  const { call } = await import("../test/int/http");
  const pool = new pg.Pool({ connectionString: fresh.url, max: CONCURRENCY });
  try {
    const t0 = performance.now();
    const { orgId, userId, username, campaignId } = await seed(pool);
    console.log(`seeded 1 organization: ${DRAFTS.toLocaleString("en")} drafts over ${DAYS} days, ${CAMPAIGNS} campaigns, in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const cookie = `${SESSION_COOKIE}=${await encodeSession({ userId, orgId, username })}`;

    let t = performance.now();
    const first = await refreshOutcomes({ orgId });
    const rebuildMs = performance.now() - t;
    const rows = (await pool.query<{ n: number }>("SELECT count(*)::int AS n FROM outcome_days WHERE organization_id = $1", [orgId])).rows[0].n;
    console.log(`first refresh (rebuild): ${first.days.length} days, ${rows.toLocaleString("en")} rollup rows, ${(rebuildMs / 1000).toFixed(2)} s`);

    // 500 drafts of the last two weeks decided now (with their events), as reviewers would over a minute or two.
    await pool.query(`
      WITH picked AS (
        SELECT id FROM drafts WHERE organization_id = $1 AND state = 'pending_review' AND created_at > now() - interval '14 days' LIMIT 500
      ), changed AS (
        UPDATE drafts d SET state = 'approved', version = version + 1 FROM picked WHERE d.id = picked.id RETURNING d.id
      )
      INSERT INTO draft_events (organization_id, draft_id, event, actor_type, details)
      SELECT $1, id, 'approved', 'user', '{}'::jsonb FROM changed`, [orgId]);
    t = performance.now();
    const incremental = await refreshOutcomes({ orgId });
    console.log(`refresh after 500 decisions: ${incremental.days.length} touched days recomputed in ${ms(performance.now() - t)}`);
    t = performance.now();
    await refreshOutcomes({ orgId });
    console.log(`refresh with nothing new since (within the re-read margin): ${ms(performance.now() - t)}`);

    const scenarios: { name: string; path: string }[] = [
      { name: "last 12 weeks (the page's default)", path: "/api/outcomes" },
      { name: "last 52 weeks", path: `/api/outcomes?from=${dayAgo(363)}&to=${dayAgo(0)}` },
      { name: "one campaign, 12 weeks", path: `/api/outcomes?campaignId=${campaignId}` },
      { name: "one runner and model, 52 weeks", path: `/api/outcomes?runner=claude&model=sonnet&from=${dayAgo(363)}` },
    ];
    const header = ["scenario", "p50 (1 caller)", "p95 (1 caller)", `p50 (${CONCURRENCY} callers)`, `p95 (${CONCURRENCY} callers)`];
    const table: string[][] = [];
    for (const s of scenarios) {
      const once = async () => {
        const res = await call(route.GET, { cookie, path: s.path });
        if (res.status !== 200) throw new Error(`${s.path}: ${res.status} ${JSON.stringify(res.json)}`);
      };
      await load(20, 1, once);
      const serial = await load(REQUESTS, 1, once);
      const parallel = await load(REQUESTS, CONCURRENCY, once);
      table.push([s.name, ms(pct(serial, 50)), ms(pct(serial, 95)), ms(pct(parallel, 50)), ms(pct(parallel, 95))]);
    }
    console.log(`\nGET /api/outcomes in-process, ${REQUESTS} requests per column after 20 warm-up\n`);
    printTable(header, table);

    // The same totals straight from the drafts: what every page view would cost without rollups.
    const direct = async () => {
      await pool.query(
        `SELECT count(*), count(*) FILTER (WHERE state IN ('approved','armed','sent','replied')), count(*) FILTER (WHERE state = 'rejected'),
                count(*) FILTER (WHERE state IN ('sent','replied')), count(*) FILTER (WHERE state = 'replied')
           FROM drafts WHERE organization_id = $1 AND created_at >= now() - interval '84 days'`, [orgId]);
    };
    await load(5, 1, direct);
    const d = await load(Math.min(REQUESTS, 50), 1, direct);
    console.log(`\nthe 12-week totals alone, counted from the drafts table: p50 ${ms(pct(d, 50))}, p95 ${ms(pct(d, 95))} (no edit distance, no cost, no breakdowns)`);
  } finally {
    await pool.end();
    await closeDb();
    await fresh.drop();
    await stopEmbeddedTestServer();
  }
}

const dayAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

async function load(n: number, concurrency: number, fn: () => Promise<void>): Promise<number[]> {
  const times: number[] = [];
  let next = 0;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < n) {
      next++;
      const t0 = performance.now();
      await fn();
      times.push(performance.now() - t0);
    }
  }));
  return times;
}

async function seed(pool: pg.Pool) {
  const tag = Math.random().toString(36).slice(2, 8);
  const org = await pool.query<{ id: number }>("INSERT INTO organizations (name, slug) VALUES ($1, $1) RETURNING id", [`bench-${tag}`]);
  const orgId = org.rows[0].id;
  const user = await pool.query<{ id: number; username: string }>(
    "INSERT INTO users (username, password_hash) VALUES ($1, 'x') RETURNING id, username", [`bench-${tag}`]);
  await pool.query("INSERT INTO memberships (organization_id, user_id, role) VALUES ($1, $2, 'owner')", [orgId, user.rows[0].id]);
  const project = await pool.query<{ id: number }>("INSERT INTO projects (organization_id, name, description, updated_at) VALUES ($1, 'Bench', 'Bench', now()) RETURNING id", [orgId]);
  const projectId = project.rows[0].id;
  await pool.query(
    `INSERT INTO campaigns (organization_id, project_id, name, platform, skill, runner, updated_at)
     SELECT $1, $2, 'Campaign ' || g, 'forum', 'forum-commenter', 'claude', now() FROM generate_series(1, ${CAMPAIGNS}) g`, [orgId, projectId]);
  const campaigns = (await pool.query<{ id: number }>("SELECT id FROM campaigns WHERE organization_id = $1 ORDER BY id", [orgId])).rows.map((r) => r.id);
  // One run per campaign per day, on one of three runner x model pairs, priced.
  await pool.query(
    `INSERT INTO runs (organization_id, campaign_id, project_id, kind, status, runner, model, playbook_slug, cost_usd, started_at, finished_at, created_at)
     SELECT $1, c, $2, 'campaign', 'success', (ARRAY['claude','gemini','codex'])[1 + (c + day) % 3], (ARRAY['sonnet','flash','gpt'])[1 + (c + day) % 3],
            (ARRAY['forum-commenter','forum-scout'])[1 + c % 2], round((random() * 0.5)::numeric, 6),
            now() - make_interval(days => day), now() - make_interval(days => day) + interval '5 minutes', now() - make_interval(days => day)
       FROM unnest($3::int[]) c, generate_series(0, ${DAYS - 1}) day`, [orgId, projectId, campaigns]);
  // Drafts: each belongs to one run (so to its campaign and day); states in realistic shares.
  await pool.query(
    `WITH rr AS (SELECT array_agg(id ORDER BY id) AS ids, array_agg(campaign_id ORDER BY id) AS cs, array_agg(created_at ORDER BY id) AS ts, count(*)::int AS n
                   FROM runs WHERE organization_id = $1)
     INSERT INTO drafts (organization_id, state, kind, platform, project_id, account_handle, target_user, campaign_id, run_id, body, body_edited, quality_score, created_at, updated_at)
     SELECT $1,
            (CASE WHEN r < 0.15 THEN 'pending_review' WHEN r < 0.40 THEN 'rejected' WHEN r < 0.50 THEN 'approved'
                  WHEN r < 0.85 THEN 'sent' ELSE 'replied' END)::"DraftState",
            'post_comment', 'forum', $2, 'me', 'person_' || g, rr.cs[1 + g % rr.n], rr.ids[1 + g % rr.n],
            'Hi, I read your post about onboarding and had a thought about the checklist you described.',
            r >= 0.5 AND r2 < 0.05, (random() * 100)::int, rr.ts[1 + g % rr.n] + make_interval(secs => (g % 3600)), now()
       FROM rr, (SELECT g, random() AS r, random() AS r2 FROM generate_series(1, ${DRAFTS}) g) s`,
    [orgId, projectId]);
  await pool.query(
    `INSERT INTO draft_events (organization_id, draft_id, event, actor_type, details, created_at)
     SELECT $1, id, 'body_edited', 'user', jsonb_build_object('previousBody', 'Hi, I saw your post on onboarding; our checklist tool could help with that.'), created_at + interval '1 hour'
       FROM drafts WHERE organization_id = $1 AND body_edited`, [orgId]);
  await pool.query("ANALYZE drafts; ANALYZE runs; ANALYZE draft_events");
  return { orgId, userId: user.rows[0].id, username: user.rows[0].username, campaignId: campaigns[0] };
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
