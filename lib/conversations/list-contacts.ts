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

export async function listContacts({ orgId, platform, q, limit = 200 }: { orgId: number; platform?: string; q?: string; limit?: number }) {
  const where: Prisma.ContactHistoryWhereInput = {
    organizationId: orgId,
    ...(platform ? { platform } : {}),
    ...(q ? { targetUser: { contains: q.trim().toLowerCase() } } : {}),
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
  return { contacts, truncated: rows.length > limit };
}
