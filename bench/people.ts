// bench/people: the People page's Threads and All contacts tabs, searched and not, on a large contact book.
//
//   npm run bench:people              (DATABASE_URL's server, or an embedded PostgreSQL when unset)
//   BENCH_THREADS_PER_ORG=40000 BENCH_ORGS=5 BENCH_CONCURRENCY=16 BENCH_REQUESTS=300 npm run bench:people
//   BENCH_ONLY=handle,word    scenarios whose name contains one of the words
//   BENCH_KEEP_DB=1 keeps the seeded database (its URL is printed); BENCH_REUSE_DB=<that url> runs on it without seeding
//
// Seeds BENCH_ORGS organizations with BENCH_THREADS_PER_ORG sent drafts each, every one answered: a thread of two or
// three messages (ours, their reply, and for every other thread our answer) and its contact-history row, interleaved
// across organizations as real traffic would be. Starts the built app with `next start` and, for each scenario,
// prints p50/p95 of the page over HTTP (gzip, signed in, CONCURRENCY in flight), the server's CPU per page, and
// p50/p95 of the domain function it calls (listThreads or listContacts) called alone from this process.
import http from "node:http";
import pg from "pg";
import { cpuMs, getOnAgent, inFlight, pct, printTable, releaseBenchDatabase, startNext } from "./support";

const ORGS = Number(process.env.BENCH_ORGS ?? 5);
const PER_ORG = Number(process.env.BENCH_THREADS_PER_ORG ?? 40_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);
const SECRET = "bench-secret-0123456789abcdefghijklmnop";
/** One thread in this many has a reply that names "kubernetes": a rarer word of the people's own. */
const RARE_EVERY = 50;

// The session module reads the environment when first imported.
Object.assign(process.env, { OUTREACH_AUTH: "on", AUTH_SECRET: SECRET, LOG_LEVEL: "silent" });

interface Org {
  id: number;
  /** Position among the seeded organizations: its people are person_<g> for g % ORGS === index. */
  index: number;
  cookie: string;
}

interface Scenario {
  name: string;
  /** The page's query string (after /people). */
  query: (org: Org, i: number) => string;
  /** The domain function the page calls for its list, with the same arguments. */
  direct: (org: Org, i: number) => Promise<unknown>;
}

/** A person of this organization, different per request and spread over the whole book (old and recent). */
const personOf = (org: Org, i: number) => `person_${org.index + ORGS * ((i * 7919) % PER_ORG)}`;

async function scenarios(): Promise<Scenario[]> {
  const { listThreads } = await import("../lib/conversations/list-threads");
  const { CONTACTS_PAGE, listContacts } = await import("../lib/conversations/list-contacts");
  const threads = (name: string, q: ((org: Org, i: number) => string) | undefined, extra: { filter?: "replied" } = {}): Scenario => ({
    name,
    query: (org, i) => `?${new URLSearchParams({ ...(q ? { q: q(org, i) } : {}), ...extra })}`,
    direct: (org, i) => listThreads({ orgId: org.id, q: q?.(org, i), ...extra }),
  });
  const contacts = (name: string, q: ((org: Org, i: number) => string) | undefined): Scenario => ({
    name,
    query: (org, i) => `?${new URLSearchParams({ tab: "contacts", ...(q ? { q: q(org, i) } : {}) })}`,
    direct: (org, i) => listContacts({ orgId: org.id, q: q?.(org, i), limit: CONTACTS_PAGE }),
  });
  return [
    threads("threads, newest", undefined),
    threads("threads, replied (they wrote last)", undefined, { filter: "replied" }),
    threads("threads, search a handle", personOf),
    threads("threads, search a word in every reply", () => "thanks"),
    threads("threads, search a rarer word (1 in 50)", () => "kubernetes"),
    threads("threads, search a word nobody wrote", () => "zeppelin"),
    contacts("contacts, newest", undefined),
    contacts("contacts, search a handle", personOf),
    contacts("contacts, search part of a handle", (org, i) => personOf(org, i).slice(0, -1)),
  ];
}

async function seed(pool: pg.Pool): Promise<Org[]> {
  const orgs: Org[] = [];
  for (let n = 0; n < ORGS; n++) {
    const org = await pool.query<{ id: number }>(`INSERT INTO organizations (name, slug, is_default, created_at) VALUES ($1, $2, false, now()) RETURNING id`, [`People ${n}`, `people-${n}`]);
    const user = await pool.query<{ id: number }>(`INSERT INTO users (username, password_hash, created_at) VALUES ($1, 'x', now()) RETURNING id`, [`people-${n}`]);
    await pool.query(`INSERT INTO memberships (organization_id, user_id, role, created_at) VALUES ($1, $2, 'owner', now())`, [org.rows[0]!.id, user.rows[0]!.id]);
    await pool.query(`INSERT INTO projects (organization_id, name, description, created_at, updated_at) VALUES ($1, 'Bench project', '', now(), now())`, [org.rows[0]!.id]);
    orgs.push({ id: org.rows[0]!.id, index: n, cookie: "" });
  }
  const orgIds = orgs.map((o) => o.id);
  const total = ORGS * PER_ORG;
  const t0 = performance.now();
  // The sent drafts: person_<g> belongs to organization g % ORGS, the newest with the highest g.
  await pool.query(
    `INSERT INTO drafts (organization_id, version, state, kind, platform, project_id, account_handle, target_user, body, created_at, updated_at)
     SELECT o.org, 1, 'replied', (ARRAY['dm','dm','post_comment'])[1 + g % 3]::"DraftKind", 'forum',
            (SELECT id FROM projects p WHERE p.organization_id = o.org), 'bench_account', 'person_' || g,
            'Hi there, I read your post about ' || md5(g::text) || ' and wanted to share a thought that might help.',
            now() - (($1 - g) * 10 || ' minutes')::interval, now()
       FROM generate_series(1, $1::int) g CROSS JOIN LATERAL (SELECT ($2::int[])[1 + g % $3] AS org) o`,
    [total, orgIds, ORGS],
  );
  await pool.query(
    `INSERT INTO conversation_threads (organization_id, platform, account_handle, target_user, kind, parent_draft_id, last_message_at, message_count, intent)
     SELECT d.organization_id, 'forum', 'bench_account', d.target_user, CASE d.kind WHEN 'dm' THEN 'dm' ELSE 'post_comment' END::"ThreadKind", d.id,
            d.created_at + interval '2 hours', 2 + d.id % 2,
            (ARRAY['interested','question','not_now','not_interested','out_of_office','other'])[1 + d.id % 6]
       FROM drafts d ORDER BY d.id`,
  );
  // Ours, their reply, and for every other thread our answer.
  await pool.query(
    `INSERT INTO conversation_messages (organization_id, thread_id, direction, author, body, sent_at)
     SELECT t.organization_id, t.id, m.direction, CASE m.direction WHEN 'outbound' THEN t.account_handle ELSE t.target_user END, m.body,
            t.last_message_at - (3 - m.n) * interval '1 hour'
       FROM conversation_threads t JOIN drafts d ON d.id = t.parent_draft_id
       CROSS JOIN LATERAL (VALUES
         (1, 'outbound', d.body),
         (2, 'inbound', 'Thanks for reaching out. ' || CASE WHEN (t.id / ${ORGS}) % ${RARE_EVERY} = 0 THEN 'We moved our builds to kubernetes last spring.' ELSE 'We are happy with our setup for now, ' || md5(t.id::text) || '.' END),
         (3, 'outbound', 'Glad to hear it, I will check back in a few months.')
       ) m(n, direction, body)
      WHERE m.n <= t.message_count
      ORDER BY t.id, m.n`,
  );
  await pool.query(
    `INSERT INTO contact_history (organization_id, platform, target_user, account_handle, project_id, last_draft_id, first_contacted_at, last_contacted_at, outcome)
     SELECT organization_id, platform, lower(target_user), account_handle, project_id, id, created_at, created_at, 'replied' FROM drafts ORDER BY id`,
  );
  // As autovacuum leaves tables in service: statistics, and the visibility map an index-only scan reads.
  for (const table of ["drafts", "conversation_threads", "conversation_messages", "contact_history"]) await pool.query(`VACUUM (ANALYZE) ${table}`);
  console.log(`seeded ${ORGS} organizations x ${PER_ORG.toLocaleString("en")} threads (${(total * 2.5).toLocaleString("en")} messages) in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  return orgs;
}

async function seededOrgs(pool: pg.Pool): Promise<Org[]> {
  const { rows } = await pool.query<{ id: number; slug: string }>(`SELECT id, slug FROM organizations WHERE slug LIKE 'people-%' ORDER BY id`);
  return rows.map((r) => ({ id: r.id, index: Number(r.slug.slice("people-".length)), cookie: "" }));
}

async function main() {
  const { createFreshDatabase } = await import("../test/int/fresh-database");
  const reuse = process.env.BENCH_REUSE_DB;
  const db = reuse ? { url: reuse, drop: async () => undefined } : await createFreshDatabase("bench");
  // The domain functions and encodeSession go through the app's own pool: this database's.
  process.env.DATABASE_URL = db.url;
  const { encodeSession, SESSION_COOKIE } = await import("../lib/auth/session-cookie");
  const pool = new pg.Pool({ connectionString: db.url, max: 4 });
  let server: Awaited<ReturnType<typeof startNext>> | undefined;
  try {
    const orgs = reuse ? await seededOrgs(pool) : await seed(pool);
    for (const org of orgs) {
      const user = await pool.query<{ id: number; username: string }>(
        `SELECT u.id, u.username FROM users u JOIN memberships m ON m.user_id = u.id WHERE m.organization_id = $1`, [org.id]);
      org.cookie = `${SESSION_COOKIE}=${await encodeSession({ userId: user.rows[0]!.id, orgId: org.id, username: user.rows[0]!.username })}`;
    }
    server = await startNext(db.url, { OUTREACH_AUTH: "on", AUTH_SECRET: SECRET });
    const pid = server.child.pid!;
    const only = process.env.BENCH_ONLY?.split(",");
    const list = (await scenarios()).filter((s) => !only || only.some((o) => s.name.includes(o)));
    const orgOf = (i: number) => orgs[i % orgs.length]!;
    console.log(`\n/people, ${orgs.length} organizations rotated, concurrency ${CONCURRENCY}, ${REQUESTS} requests per scenario (after 50 warm-up)\n`);
    const rows: string[][] = [];
    for (const s of list) {
      const page = (i: number) => get(server!.base, `/people${s.query(orgOf(i), i)}`, orgOf(i).cookie);
      await load(Math.min(50, REQUESTS), page);
      await load(Math.min(50, REQUESTS), (i) => s.direct(orgOf(i), i));
      const before = cpuMs(pid);
      const route = await load(REQUESTS, page);
      const serverCpu = (cpuMs(pid) - before) / REQUESTS;
      // One at a time: what the statements cost, without this process's own queue (its Prisma client shares the
      // two cores) in the figure.
      const direct = await inFlight(1, Math.min(REQUESTS, 100), (i) => s.direct(orgOf(i), i));
      rows.push([s.name, ms(pct(route, 50)), ms(pct(route, 95)), ms(pct(direct, 50)), ms(pct(direct, 95)), ms(serverCpu)]);
      console.log(`  ${s.name}: page p95 ${ms(pct(route, 95))}`);
    }
    console.log("");
    printTable(["scenario", "page p50", "page p95", "list alone p50", "list alone p95", "server CPU per page"], rows);
  } finally {
    await server?.stop();
    agent.destroy();
    await pool.end();
    await releaseBenchDatabase(db);
  }
}

const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });

const get = (base: string, path: string, cookie: string) => getOnAgent(agent, base + path, { cookie, "accept-encoding": "gzip" });

const load = (count: number, fn: (i: number) => Promise<unknown>) => inFlight(CONCURRENCY, count, fn);

const ms = (v: number) => `${v.toFixed(1)} ms`;

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
