// Which rows of an organization are about one person (docs/privacy.md "What counts as the person's data"): the
// drafts written to them and the replies continuing their messages, the conversation threads with them and every
// message they wrote in any thread, their contact-history row, research candidates naming them and blocklist entries
// naming them. Export and erasure read the same selection, so an export shows exactly what an erasure removes.
import type { Tx } from "@/lib/db/client";
import { canonicalHandle } from "@/lib/contacts/canonical-handle";

export interface PersonRows {
  handle: string;
  draftIds: number[];
  threadIds: number[];
  messageIds: number[];
  contactIds: number[];
  candidateIds: number[];
  blocklistIds: number[];
}

// The same canonical form as lib/contacts/canonical-handle.ts, in SQL.
const CANON = (column: string) => `lower(regexp_replace(btrim(${column}), '^(/?u/|@)', '', 'i'))`;

export async function findPersonRows(tx: Tx, { orgId, platform, handle }: { orgId: number; platform: string; handle: string }): Promise<PersonRows> {
  const h = canonicalHandle(handle);
  const ids = async (sql: string, ...params: unknown[]) =>
    (await tx.$queryRawUnsafe<{ id: number }[]>(sql, orgId, platform, h, ...params)).map((r) => r.id);

  const threadIds = await ids(
    `SELECT id FROM conversation_threads WHERE organization_id = $1 AND platform = $2 AND ${CANON("target_user")} = $3 ORDER BY id`,
  );
  // Their own words in any thread of the platform (a comment under someone else's conversation too).
  const messageIds = await ids(
    `SELECT m.id FROM conversation_messages m JOIN conversation_threads t ON t.id = m.thread_id AND t.organization_id = m.organization_id
      WHERE m.organization_id = $1 AND t.platform = $2 AND (m.thread_id = ANY($4::int[]) OR (m.direction = 'inbound' AND ${CANON("m.author")} = $3))
      ORDER BY m.sent_at, m.id`,
    threadIds,
  );
  // Drafts are the big table: their handle is matched in the spellings the (organization, platform, lower(target))
  // index can look up, instead of computing the canonical form of every row.
  const spellings = [h, `u/${h}`, `/u/${h}`, `@${h}`];
  const draftIds = await ids(
    `SELECT id FROM drafts WHERE organization_id = $1 AND platform = $2 AND lower(target_user) = ANY($4::text[]) AND $3::text IS NOT NULL
     UNION
     SELECT id FROM drafts WHERE organization_id = $1 AND platform = $2 AND parent_message_id = ANY($5::int[])
     ORDER BY id`,
    spellings,
    messageIds,
  );
  const contactIds = await ids(`SELECT id FROM contact_history WHERE organization_id = $1 AND platform = $2 AND ${CANON("target_user")} = $3 ORDER BY id`);
  const candidateIds = await ids(`SELECT id FROM staging_candidates WHERE organization_id = $1 AND platform = $2 AND ${CANON("target_user")} = $3 ORDER BY id`);
  // Blocklist entries are not per platform: a user entry naming the handle blocks it everywhere.
  const blocklistIds = await ids(
    `SELECT id FROM blocklist_entries WHERE organization_id = $1 AND $2::text IS NOT NULL AND type = 'user' AND ${CANON("value")} = $3 ORDER BY id`,
  );
  return { handle: h, draftIds, threadIds, messageIds, contactIds, candidateIds, blocklistIds };
}
