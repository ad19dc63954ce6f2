// The People page's All contacts tab: the organization's contact-history rows (SPEC 2 "Contact history row"), most
// recently contacted first, each with its latest conversation thread when the person has answered.
import { db } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";

export interface ContactView {
  id: number;
  platform: string;
  targetUser: string;
  accountHandle: string;
  firstContactedAt: string;
  lastContactedAt: string;
  outcome: string;
  threadId: number | null;
  /** Asked not to be contacted (docs/sending-limits.md "Opt-outs"): when, how (reply | person) and in which words. */
  optedOutAt: string | null;
  optOutSource: string | null;
  optOutPhrase: string | null;
}

/**
 * The All contacts tab's page: as many as the Threads tab's. Each row is a table row with three links and a button;
 * 200 of them made a 1.2 MB page that took its server 230 ms of CPU (docs/performance.md "People search").
 */
export const CONTACTS_PAGE = 50;

/** Where the next page starts: after the last contact shown, in (last_contacted_at, id) descending order. */
export interface ContactCursor {
  at: Date;
  id: number;
}

// Contact times are written from JavaScript Dates, so milliseconds are all they hold and the cursor loses nothing.
export function encodeContactCursor(c: ContactCursor): string {
  return `${c.at.getTime()}_${c.id}`;
}

/** null for anything that is not a cursor this page made (an old or hand-edited link starts from the newest). */
export function decodeContactCursor(raw: string): ContactCursor | null {
  const match = /^(\d{1,15})_(\d{1,10})$/.exec(raw);
  if (!match) return null;
  const id = Number(match[2]);
  return Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 ? { at: new Date(Number(match[1])), id } : null;
}

export async function listContacts(
  { orgId, platform, q, cursor, limit = 200 }: { orgId: number; platform?: string; q?: string; cursor?: ContactCursor; limit?: number },
) {
  const where: Prisma.ContactHistoryWhereInput = {
    organizationId: orgId,
    ...(platform ? { platform } : {}),
    ...(q ? { targetUser: { contains: q.trim().toLowerCase() } } : {}),
    ...(cursor ? { OR: [{ lastContactedAt: { lt: cursor.at } }, { lastContactedAt: cursor.at, id: { lt: cursor.id } }] } : {}),
  };
  const rows = await db.contactHistory.findMany({
    where,
    orderBy: [{ lastContactedAt: "desc" }, { id: "desc" }],
    take: limit + 1,
    select: {
      id: true, platform: true, targetUser: true, accountHandle: true, firstContactedAt: true, lastContactedAt: true, outcome: true,
      optedOutAt: true, optOutSource: true, optOutPhrase: true,
    },
  });
  const page = rows.slice(0, limit);
  // Contact history keeps the canonical (lower-case) handle; threads keep the draft's spelling.
  const threads = page.length
    ? await db.$queryRaw<{ id: number; platform: string; handle: string }[]>`
        SELECT DISTINCT ON (platform, lower(target_user)) id, platform, lower(target_user) AS handle
        FROM conversation_threads
        WHERE organization_id = ${orgId} AND lower(target_user) = ANY(${page.map((r) => r.targetUser)}::text[])
        ORDER BY platform, lower(target_user), last_message_at DESC, id DESC`
    : [];
  const threadOf = new Map(threads.map((t) => [`${t.platform}\u0000${t.handle}`, t.id]));
  const contacts: ContactView[] = page.map((r) => ({
    ...r,
    firstContactedAt: r.firstContactedAt.toISOString(),
    lastContactedAt: r.lastContactedAt.toISOString(),
    optedOutAt: r.optedOutAt?.toISOString() ?? null,
    threadId: threadOf.get(`${r.platform}\u0000${r.targetUser}`) ?? null,
  }));
  const last = page.at(-1);
  const more = rows.length > limit;
  return { contacts, truncated: more, nextCursor: more && last ? encodeContactCursor({ at: last.lastContactedAt, id: last.id }) : null };
}
