// bench/page-weight: what the main pages weigh and how soon their first row shows.
//
//   npm run bench:page-weight          (DATABASE_URL's server, or an embedded PostgreSQL when unset)
//
// Seeds one organization as a reviewer meets it (drafts of a real length across the states, a campaign, a run with a
// long log, a conversation of 30 messages), starts the built app with `next start`, and for the inbox (50 rows), a
// conversation, a campaign and a run page prints the HTML's bytes (identity and gzip), how much of it is the page's
// serialized data for the client (the inline flight payload), and the time to the first row in Chromium.
import { writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import pg from "pg";
import { pct, printTable, startNext } from "./support";

const SECRET = "bench-secret-0123456789abcdefghijklmnop";
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
Object.assign(process.env, { OUTREACH_AUTH: "on", AUTH_SECRET: SECRET, LOG_LEVEL: "silent" });

const BODY =
  "Hi there, I read your post about keeping a small warehouse cold through the summer and the racking you settled on. " +
  "We make modular shelving for rooms of 100 to 400 square metres, and two of our customers had the same airflow problem " +
  "you described. Happy to share the layout they used, no strings attached, if it would help.";

interface Seeded {
  cookie: string;
  campaignId: number;
  runId: number;
  threadId: number;
}

async function seed(pool: pg.Pool): Promise<Omit<Seeded, "cookie"> & { orgId: number; userId: number; username: string }> {
  const one = async <T extends Record<string, unknown>>(sql: string, values: unknown[] = []) => (await pool.query<T>(sql, values)).rows[0]!;
  const org = await one<{ id: number }>(`INSERT INTO organizations (name, slug, is_default, created_at) VALUES ('Weight', 'weight', false, now()) RETURNING id`);
  const user = await one<{ id: number; username: string }>(`INSERT INTO users (username, password_hash, created_at) VALUES ('weigher', 'x', now()) RETURNING id, username`);
  await pool.query(`INSERT INTO memberships (organization_id, user_id, role, created_at) VALUES ($1, $2, 'owner', now())`, [org.id, user.id]);
  const project = await one<{ id: number }>(`INSERT INTO projects (organization_id, name, description, created_at, updated_at) VALUES ($1, 'Cold storage', 'Shelving', now(), now()) RETURNING id`, [org.id]);
  const account = await one<{ id: number }>(`INSERT INTO accounts (organization_id, project_id, platform, platform_id, is_default, created_at, updated_at) VALUES ($1, $2, 'forum', 'weight_account', true, now(), now()) RETURNING id`, [org.id, project.id]);
  const campaign = await one<{ id: number }>(
    `INSERT INTO campaigns (organization_id, project_id, name, platform, skill, runner, config, state, auto_post, created_at, updated_at)
     VALUES ($1, $2, 'Warehouse owners', 'forum', 'forum-scout', 'cloud', '{"audience":"small warehouse owners","communities":["logistics"],"tone":"Plain","offer":"Shelving","rules":[],"maxDraftsPerRun":20}', 'active', false, now(), now()) RETURNING id`,
    [org.id, project.id],
  );
  const run = await one<{ id: number }>(
    `INSERT INTO runs (organization_id, campaign_id, project_id, kind, status, runner, started_at, finished_at)
     VALUES ($1, $2, $3, 'campaign', 'success', 'cloud', now() - interval '10 minutes', now() - interval '5 minutes') RETURNING id`,
    [org.id, campaign.id, project.id],
  );
  await pool.query(
    `INSERT INTO run_events (organization_id, run_id, seq, type, payload)
     SELECT $1, $2, g, 'message', json_build_object('text', 'Looked at the post ' || g || ' in r/warehouse and the people who answered it.')::jsonb FROM generate_series(1, 200) g`,
    [org.id, run.id],
  );
  await pool.query(
    `INSERT INTO drafts (organization_id, version, state, kind, platform, project_id, campaign_id, run_id, account_id, account_handle, target_user, target_url,
                         body, quality_score, quality_reason, created_at, updated_at)
     SELECT $1, 1, (ARRAY['pending_review','pending_review','pending_review','approved','sent','rejected'])[1 + g % 6]::"DraftState",
            (ARRAY['dm','dm','post_comment'])[1 + g % 3]::"DraftKind", 'forum', $2, $3, $4, $5, 'weight_account', 'person_' || g,
            'http://forum.example/t/' || g, $6 || ' (' || g || ')', 40 + g % 60, 'Specific to their post, one clear offer, no pressure.',
            now() - (g || ' minutes')::interval, now()
     FROM generate_series(1, 400) g`,
    [org.id, project.id, campaign.id, run.id, account.id, BODY],
  );
  const draft = await one<{ id: number }>(`UPDATE drafts SET state = 'replied', replied_at = now() WHERE id = (SELECT min(id) FROM drafts WHERE organization_id = $1) RETURNING id`, [org.id]);
  const thread = await one<{ id: number }>(
    `INSERT INTO conversation_threads (organization_id, platform, account_handle, target_user, kind, parent_draft_id, last_message_at, message_count)
     SELECT organization_id, platform, account_handle, target_user, 'dm', id, now(), 30 FROM drafts WHERE id = $1 RETURNING id`,
    [draft.id],
  );
  await pool.query(
    `INSERT INTO conversation_messages (organization_id, thread_id, direction, author, body, sent_at)
     SELECT $1, $2, CASE WHEN g % 2 = 0 THEN 'outbound' ELSE 'inbound' END, CASE WHEN g % 2 = 0 THEN 'weight_account' ELSE 'person_1' END,
            $3, now() - ((30 - g) || ' minutes')::interval FROM generate_series(1, 30) g`,
    [org.id, thread.id, BODY],
  );
  await pool.query("VACUUM (ANALYZE)");
  return { orgId: org.id, userId: user.id, username: user.username, campaignId: campaign.id, runId: run.id, threadId: thread.id };
}

/** The HTML of a page as a browser asks for it, identity, with its inline flight payload measured apart. */
async function weigh(base: string, path: string, cookie: string) {
  const res = await fetch(`${base}${path}`, { headers: { cookie, "accept-encoding": "identity" } });
  if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
  const html = await res.text();
  const flight = [...html.matchAll(/<script[^>]*>self\.__next_f\.push\((.*?)\)<\/script>/gs)].reduce((n, m) => n + Buffer.byteLength(m[0]), 0);
  const bytes = Buffer.byteLength(html);
  // BENCH_DUMP=dir keeps each page's HTML, to see where its bytes go.
  if (process.env.BENCH_DUMP) writeFileSync(`${process.env.BENCH_DUMP}/${path.replace(/\W+/g, "_")}.html`, html);
  return { bytes, gzip: gzipSync(html).length, flight };
}

async function main() {
  const { createFreshDatabase, stopEmbeddedTestServer } = await import("../test/int/fresh-database");
  const { encodeSession, SESSION_COOKIE } = await import("../lib/auth/session-cookie");
  const db = await createFreshDatabase("bench_weight");
  process.env.DATABASE_URL = db.url;
  const pool = new pg.Pool({ connectionString: db.url, max: 4 });
  let server: Awaited<ReturnType<typeof startNext>> | undefined;
  try {
    const s = await seed(pool);
    const cookie = `${SESSION_COOKIE}=${await encodeSession({ userId: s.userId, orgId: s.orgId, username: s.username })}`;
    server = await startNext(db.url, { OUTREACH_AUTH: "on", AUTH_SECRET: SECRET, OUTREACH_JOBS: "off" });
    const pages = [
      { name: "inbox, 50 rows", path: "/inbox", row: "tr[data-draft-id]" },
      { name: "conversation, 30 messages", path: `/conversations/${s.threadId}`, row: "[data-message-id], li" },
      { name: "campaign", path: `/campaigns/${s.campaignId}`, row: "h1" },
      { name: "run, 200 log lines", path: `/runs/${s.runId}`, row: "li" },
    ];
    const browser = await chromium.launch({ executablePath: CHROMIUM });
    const rows: string[][] = [];
    for (const page of pages) {
      const w = await weigh(server.base, page.path, cookie);
      const context = await browser.newContext();
      await context.addCookies([{ name: SESSION_COOKIE, value: cookie.slice(SESSION_COOKIE.length + 1), url: server.base }]);
      const tab = await context.newPage();
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const t0 = Date.now();
        await tab.goto(`${server.base}${page.path}`, { waitUntil: "commit" });
        await tab.locator(page.row).first().waitFor({ state: "visible" });
        times.push(Date.now() - t0);
      }
      await context.close();
      rows.push([page.name, w.bytes.toLocaleString("en"), w.gzip.toLocaleString("en"), `${w.flight.toLocaleString("en")} (${Math.round((100 * w.flight) / w.bytes)}%)`, `${pct(times, 50)} ms`, `${pct(times, 95)} ms`]);
    }
    await browser.close();
    console.log(`\npage weights (identity HTML of the document; gzip of the same bytes) and time to the first row in Chromium, ${RUNS} loads, warm\n`);
    printTable(["page", "bytes", "gzip", "of which flight data", "first row p50", "first row p95"], rows);
  } finally {
    await server?.stop();
    await pool.end();
    await db.drop();
    await stopEmbeddedTestServer();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
