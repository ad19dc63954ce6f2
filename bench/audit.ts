// bench/audit: the audit feed over 1,000,000 audit rows (draft events and run events of one organization, interleaved
// in time, beside other organizations' rows), in-process against a fresh database: the first page against the 500th,
// unfiltered and filtered, p50 and p95 of BENCH_SAMPLES reads each. The goal: the 500th page costs at most 1.5x the first.
//
//   npm run bench:audit                      (DATABASE_URL's server, or an embedded PostgreSQL when unset)
//   BENCH_AUDIT_ROWS=2000000 npm run bench:audit
import pg from "pg";
import { pct, printTable } from "./support";

const ROWS = Number(process.env.BENCH_AUDIT_ROWS ?? 1_000_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 60);
const PAGE = 50;
Object.assign(process.env, { LOG_LEVEL: "silent" });

async function main() {
  const { createFreshDatabase, stopEmbeddedTestServer } = await import("../test/int/fresh-database");
  const fresh = await createFreshDatabase("benchaudit");
  process.env.DATABASE_URL = fresh.url;
  const { closeDb } = await import("../lib/db/client");
  const { listAudit } = await import("../lib/audit/list-audit");
  const { ZAuditQuery } = await import("../lib/audit/schemas");
  const c = new pg.Client({ connectionString: fresh.url });
  await c.connect();
  try {
    const t0 = performance.now();
    const { orgId, runId } = await seed(c);
    console.log(`seeded ${ROWS.toLocaleString("en")} audit rows (+ 10% in other organizations) in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    const scenarios: Array<[string, Record<string, string>]> = [
      ["unfiltered", {}],
      ["event=approved (draft side)", { event: "approved" }],
      ["kind=run, event=tool_call", { kind: "run", event: "tool_call" }],
      [`run=${runId} (one run's events)`, { run: String(runId) }],
    ];
    const rows: string[][] = [];
    for (const [name, filters] of scenarios) {
      // Walk to page 500 once (as Load more would), keeping its cursor.
      let cursor: string | undefined;
      let pages = 1;
      for (; pages < 500; pages++) {
        const page = await listAudit({ orgId, query: ZAuditQuery.parse({ ...filters, limit: String(PAGE), ...(cursor ? { cursor } : {}) }) });
        if (!page.nextCursor) break;
        cursor = page.nextCursor;
      }
      const time = async (q: Record<string, string>) => {
        const samples: number[] = [];
        for (let i = 0; i < SAMPLES + 5; i++) {
          const start = performance.now();
          await listAudit({ orgId, query: ZAuditQuery.parse(q) });
          if (i >= 5) samples.push(performance.now() - start);
        }
        return samples;
      };
      const first = await time({ ...filters, limit: String(PAGE) });
      const deep = await time({ ...filters, limit: String(PAGE), ...(cursor ? { cursor } : {}) });
      rows.push([name, String(pages), ms(pct(first, 50)), ms(pct(first, 95)), ms(pct(deep, 50)), ms(pct(deep, 95)), `${(pct(deep, 95) / pct(first, 95)).toFixed(2)}x`]);
    }
    console.log(`\n${SAMPLES} reads per page (after 5 warm-up), ${PAGE} rows a page\n`);
    printTable(["scenario", "page", "page 1 p50", "page 1 p95", "deep p50", "deep p95", "deep/first p95"], rows);
  } finally {
    await c.end();
    await closeDb();
    await fresh.drop();
    await stopEmbeddedTestServer();
  }
}

/** Half draft events over 20,000 drafts, half run events over 2,000 runs, one event every 50 ms over the last weeks. */
async function seed(c: pg.Client) {
  await c.query(`INSERT INTO organizations (name, slug) SELECT 'Bench ' || g, 'bench-' || g FROM generate_series(1, 3) g`);
  const { rows: orgs } = await c.query<{ id: number }>(`SELECT id FROM organizations ORDER BY id`);
  const orgId = orgs[0]!.id;
  for (const [i, org] of orgs.entries()) {
    const share = i === 0 ? ROWS : Math.round(ROWS * 0.05);
    await c.query(`INSERT INTO projects (organization_id, name, updated_at) VALUES ($1, 'Project', now())`, [org.id]);
    await c.query(
      `INSERT INTO drafts (organization_id, project_id, state, kind, platform, account_handle, target_user, body, updated_at)
       SELECT $1, p.id, 'pending_review', 'dm', 'forum', 'acct', 'person_' || g, 'body ' || g, now()
         FROM projects p, generate_series(1, 20000) g WHERE p.organization_id = $1`,
      [org.id],
    );
    await c.query(
      `INSERT INTO runs (organization_id, project_id, kind, status, runner, trigger) SELECT $1, p.id, 'campaign', 'success', 'cloud', 'manual'
         FROM projects p, generate_series(1, 2000) g WHERE p.organization_id = $1`,
      [org.id],
    );
    const half = Math.floor(share / 2);
    await c.query(
      `INSERT INTO draft_events (organization_id, draft_id, event, actor_type, actor_label, details, created_at)
       SELECT $1, d.ids[1 + (g % 20000)], (ARRAY['created','approved','body_edited','sent','rejected'])[1 + g % 5], 'user',
              (ARRAY['owner','maria','Browser extension'])[1 + g % 3], '{}', now() - (g * 100 || ' milliseconds')::interval
         FROM (SELECT array_agg(id) AS ids FROM drafts WHERE organization_id = $1) d, generate_series(1, $2::int) g`,
      [org.id, half],
    );
    await c.query(
      `INSERT INTO run_events (organization_id, run_id, seq, type, payload, created_at)
       SELECT $1, r.ids[1 + (g % 2000)], g, (ARRAY['message_chunk','tool_call','tool_call_update','lifecycle'])[1 + g % 4],
              '{"text":"some agent output"}', now() - (g * 100 + 50 || ' milliseconds')::interval
         FROM (SELECT array_agg(id) AS ids FROM runs WHERE organization_id = $1) r, generate_series(1, $2::int) g`,
      [org.id, share - half],
    );
  }
  await c.query(`ANALYZE`);
  const { rows } = await c.query<{ id: number }>(`SELECT id FROM runs WHERE organization_id = $1 ORDER BY id LIMIT 1`, [orgId]);
  return { orgId, runId: rows[0]!.id };
}

const ms = (v: number) => `${v.toFixed(2)} ms`;

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
