// People's lists at scale. The Threads search past the newest threads: a word common in the newest ones fills its
// pages from them, a rarer one (a handle, a word of an old reply) is found through the indexes, and neither reaches
// another organization. All contacts in pages: every contact once, newest first, filters kept.
import { beforeAll, describe, expect, it } from "vitest";
import { getPool } from "@/lib/db/client";
import { createOrg, createProject, uid, type OrgFixture } from "./fixtures";
import { decodeThreadCursor, listThreads, THREAD_SEARCH_WINDOW } from "@/lib/conversations/list-threads";
import { decodeContactCursor, listContacts } from "@/lib/conversations/list-contacts";

let A: OrgFixture;
const u = uid();
/** Threads past the window: the oldest ones, which only the indexes reach. */
const OLDER = 30;
const COMMON = 60;

// Thread g (1 = oldest) of A: person_<u>_<g>. The newest COMMON threads' replies say common<u>; the oldest thread's
// reply says rare<u> and common<u>, and the second oldest's handle is oldie<u>.
async function seed(orgId: number) {
  const pool = getPool();
  const project = await createProject(orgId);
  const total = THREAD_SEARCH_WINDOW + OLDER;
  await pool.query(
    `WITH d AS (
       INSERT INTO drafts (organization_id, version, state, kind, platform, project_id, account_handle, target_user, body, created_at, updated_at)
       SELECT $1, 1, 'replied', 'dm', 'forum', $2, 'me', CASE g WHEN 2 THEN 'oldie' || $3 ELSE 'person_' || $3 || '_' || g END, 'Hello',
              now() - (($4 - g) || ' minutes')::interval, now()
         FROM generate_series(1, $4::int) g
       RETURNING id, target_user, created_at),
     t AS (
       INSERT INTO conversation_threads (organization_id, platform, account_handle, target_user, kind, parent_draft_id, last_message_at, message_count)
       SELECT $1, 'forum', 'me', target_user, 'dm', id, created_at, 1 FROM d
       RETURNING id, target_user, last_message_at)
     INSERT INTO conversation_messages (organization_id, thread_id, direction, author, body, sent_at)
     SELECT $1, t.id, 'inbound', t.target_user,
            CASE WHEN t.target_user = 'person_' || $3 || '_1' THEN 'An old note: rare' || $3 || ' and common' || $3
                 WHEN row_number() OVER (ORDER BY t.last_message_at DESC) <= $5 THEN 'Thanks, common' || $3 || ' here'
                 ELSE 'Not for us' END,
            t.last_message_at
       FROM t`,
    [orgId, project.id, u, total, COMMON],
  );
  const ids = await pool.query<{ id: number; target_user: string }>(`SELECT id, target_user FROM conversation_threads WHERE organization_id = $1`, [orgId]);
  return new Map(ids.rows.map((r) => [r.target_user, r.id]));
}

let threadOf: Map<string, number>;
beforeAll(async () => {
  A = await createOrg();
  threadOf = await seed(A.orgId);
});

const ids = async (q: string, orgId = A.orgId) => (await listThreads({ orgId, q })).threads.map((t) => t.id);

describe("People search past the newest threads", () => {
  it("pages a word common in the newest threads, newest first, and then finds its old match too", async () => {
    const first = await listThreads({ orgId: A.orgId, q: `common${u}` });
    expect(first.threads).toHaveLength(50);
    expect(first.threads[0]!.targetUser).toBe(`person_${u}_${THREAD_SEARCH_WINDOW + OLDER}`);
    const second = await listThreads({ orgId: A.orgId, q: `common${u}`, cursor: decodeThreadCursor(first.nextCursor!) });
    // The 10 left of the newest 60, and the oldest thread, whose reply also says the word.
    expect(second.threads.map((t) => t.targetUser)).toEqual([
      ...Array.from({ length: COMMON - 50 }, (_, i) => `person_${u}_${THREAD_SEARCH_WINDOW + OLDER - 50 - i}`),
      `person_${u}_1`,
    ]);
    expect(second.nextCursor).toBeNull();
  });

  it("finds a word of an old reply, an old person's handle, and both words of a search together", async () => {
    expect(await ids(`rare${u}`)).toEqual([threadOf.get(`person_${u}_1`)]);
    expect(await ids(`oldie${u}`)).toEqual([threadOf.get(`oldie${u}`)]);
    expect(await ids(`rare${u} common${u}`)).toEqual([threadOf.get(`person_${u}_1`)]);
    expect(await ids(`oldie${u} common${u}`)).toEqual([]);
  });

  it("finds nothing of it from another organization", async () => {
    const other = await createOrg();
    expect(await ids(`rare${u}`, other.orgId)).toEqual([]);
    expect(await ids(`common${u}`, other.orgId)).toEqual([]);
    expect(await ids(`oldie${u}`, other.orgId)).toEqual([]);
  });
});

describe("All contacts in pages", () => {
  it("walks every contact once, most recently contacted first, and keeps the search", async () => {
    // The seeded threads' people, plus contacts of the same instant (the cursor's id breaks the tie).
    const pool = getPool();
    await pool.query(
      `INSERT INTO contact_history (organization_id, platform, target_user, account_handle, first_contacted_at, last_contacted_at, outcome)
       SELECT $1, 'forum', 'tie' || $2 || '_' || g, 'me', '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z', 'sent' FROM generate_series(1, 7) g`,
      [A.orgId, u],
    );
    const seen: { id: number; at: string }[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await listContacts({ orgId: A.orgId, limit: 3, cursor: cursor ? decodeContactCursor(cursor)! : undefined });
      seen.push(...page.contacts.map((c) => ({ id: c.id, at: c.lastContactedAt })));
      cursor = page.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toHaveLength(7);
    expect(new Set(seen.map((c) => c.id)).size).toBe(7);
    expect(seen.map((c) => c.id)).toEqual([...seen].sort((a, b) => b.id - a.id).map((c) => c.id));

    const searched = await listContacts({ orgId: A.orgId, q: `tie${u}_`, limit: 5 });
    expect(searched.contacts).toHaveLength(5);
    const rest = await listContacts({ orgId: A.orgId, q: `tie${u}_`, limit: 5, cursor: decodeContactCursor(searched.nextCursor!)! });
    expect(rest.contacts.map((c) => c.targetUser)).toEqual([`tie${u}_2`, `tie${u}_1`]);
    expect(rest.nextCursor).toBeNull();
    expect((await listContacts({ orgId: (await createOrg()).orgId, q: `tie${u}_` })).contacts).toEqual([]);
  });

  it("reads only cursors it made", () => {
    expect(decodeContactCursor("1767225600000_42")).toEqual({ at: new Date("2026-01-01T00:00:00Z"), id: 42 });
    for (const bad of ["", "abc", "1_0", "1_-2", "1_99999999999", "1.5_2", "1_2_3", "1767225600000_42 "]) expect(decodeContactCursor(bad)).toBeNull();
  });
});
