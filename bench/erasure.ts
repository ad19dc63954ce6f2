// bench/erasure: how long a person's export and erasure take in a large organization (docs/privacy.md). The erasure
// searches every text and JSON column of the organization for the person's handle and words, so its cost grows with
// the organization, not with the person: this measures that.
//
//   npm run bench:erasure            (DATABASE_URL's server, or an embedded PostgreSQL when unset)
//   BENCH_DRAFTS=100000 BENCH_EVENTS=200000 npm run bench:erasure
//
// Seeds one organization: BENCH_DRAFTS drafts to other people (each with an event), BENCH_EVENTS run events, and one
// person with 20 drafts, a thread of 40 messages, and 30 run events quoting them. Prints the export's and the
// erasure's time, and the erasure's counts.
import pg from "pg";

const DRAFTS = Number(process.env.BENCH_DRAFTS ?? 100_000);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 200_000);
Object.assign(process.env, { LOG_LEVEL: "silent", AUTH_SECRET: "bench-secret-0123456789abcdefghijklmnop" });

async function main() {
  const { createFreshDatabase, stopEmbeddedTestServer } = await import("../test/int/fresh-database");
  const fresh = await createFreshDatabase("bencherasure");
  process.env.DATABASE_URL = fresh.url;
  const { closeDb } = await import("../lib/db/client");
  const { exportPersonData } = await import("../lib/privacy/export-person-data");
  const { erasePerson } = await import("../lib/privacy/erase-person");
  const pool = new pg.Pool({ connectionString: fresh.url, max: 4 });
  try {
    const t0 = performance.now();
    const orgId = await seed(pool);
    console.log(`seeded 1 organization: ${DRAFTS.toLocaleString("en")} drafts, ${EVENTS.toLocaleString("en")} run events, in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    // The first call also opens the database connections: it is shown apart.
    let t = performance.now();
    await exportPersonData({ orgId, platform: "forum", handle: "u/Bench_Person" });
    console.log(`export, first call: ${(performance.now() - t).toFixed(0)} ms`);
    t = performance.now();
    const x = await exportPersonData({ orgId, platform: "forum", handle: "u/Bench_Person" });
    console.log(`export: ${x.drafts.length} drafts, ${x.threads[0]?.messages.length ?? 0} messages, ${(performance.now() - t).toFixed(0)} ms`);

    t = performance.now();
    const erased = await erasePerson({ orgId, platform: "forum", handle: "bench_person", confirm: "bench_person", actor: { userId: null, label: "bench" } });
    console.log(`erasure (one transaction): ${(performance.now() - t).toFixed(0)} ms`, JSON.stringify(erased.counts));
    t = performance.now();
    await erasePerson({ orgId, platform: "forum", handle: "bench_person", confirm: "bench_person", actor: { userId: null, label: "bench" } });
    console.log(`replay: ${(performance.now() - t).toFixed(0)} ms`);
  } finally {
    await pool.end();
    await closeDb();
    await fresh.drop();
    await stopEmbeddedTestServer();
  }
}

async function seed(pool: pg.Pool): Promise<number> {
  const { rows: org } = await pool.query<{ id: number }>(`INSERT INTO organizations (name, slug) VALUES ('Bench', 'bench') RETURNING id`);
  const orgId = org[0]!.id;
  const { rows: run } = await pool.query<{ id: number }>(`INSERT INTO runs (organization_id, kind, runner, status) VALUES ($1, 'campaign', 'cloud', 'success') RETURNING id`, [orgId]);
  const runId = run[0]!.id;
  await pool.query(
    `INSERT INTO drafts (organization_id, kind, platform, account_handle, target_user, body, state, updated_at)
     SELECT $1, 'dm', 'forum', 'me', 'person_' || g, 'Hello person ' || g || ', a message about onboarding and builds', 'sent', now()
       FROM generate_series(1, $2) g`,
    [orgId, DRAFTS],
  );
  await pool.query(
    `INSERT INTO draft_events (organization_id, draft_id, event, actor_type, details)
     SELECT organization_id, id, 'sent', 'system', jsonb_build_object('targetUser', target_user) FROM drafts WHERE organization_id = $1`,
    [orgId],
  );
  await pool.query(
    `INSERT INTO run_events (organization_id, run_id, seq, type, payload)
     SELECT $1, $2, g, 'message_chunk', jsonb_build_object('text', 'Looked at person_' || g || ' and wrote a short message.') FROM generate_series(1, $3) g`,
    [orgId, runId, EVENTS],
  );
  // The person: 20 drafts, a thread with 40 messages, 30 run events quoting them.
  const { rows: drafts } = await pool.query<{ id: number }>(
    `INSERT INTO drafts (organization_id, kind, platform, account_handle, target_user, body, state, updated_at)
     SELECT $1, 'dm', 'forum', 'me', 'u/Bench_Person', 'A message to the bench person number ' || g, 'sent', now() FROM generate_series(1, 20) g RETURNING id`,
    [orgId],
  );
  const { rows: thread } = await pool.query<{ id: number }>(
    `INSERT INTO conversation_threads (organization_id, platform, account_handle, target_user, kind, parent_draft_id, last_message_at, message_count)
     VALUES ($1, 'forum', 'me', 'Bench_Person', 'dm', $2, now(), 40) RETURNING id`,
    [orgId, drafts[0]!.id],
  );
  await pool.query(
    `INSERT INTO conversation_messages (organization_id, thread_id, direction, author, body, sent_at)
     SELECT $1, $2, 'inbound', 'Bench_Person', 'The bench person wrote this long enough message ' || g, now() FROM generate_series(1, 40) g`,
    [orgId, thread[0]!.id],
  );
  await pool.query(
    `INSERT INTO run_events (organization_id, run_id, seq, type, payload)
     SELECT $1, $2, $3 + g, 'tool_call', jsonb_build_object('output', 'Bench_Person said: The bench person wrote this long enough message ' || g) FROM generate_series(1, 30) g`,
    [orgId, runId, EVENTS],
  );
  await pool.query(`INSERT INTO contact_history (organization_id, platform, target_user, account_handle, first_contacted_at, last_contacted_at) VALUES ($1, 'forum', 'bench_person', 'me', now(), now())`, [orgId]);
  return orgId;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
