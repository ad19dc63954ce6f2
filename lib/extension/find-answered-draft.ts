// Which sent draft of this organization an inbox item answers (docs/extension-api.md, "Matching"). Candidates are
// narrowed in SQL (organization, platform, state, kind, send time, and the target or post), then the handle rules
// that SQL cannot express exactly (prefixes, case) are applied here. The most recently sent candidate wins.
import { db } from "@/lib/db/client";
import type { DraftKind, DraftState } from "@/lib/generated/prisma/enums";
import { canonicalCommunity, canonicalHandle } from "@/lib/contacts/canonical-handle";
import { postIdOfUrl, type NormalizedComment, type NormalizedItem } from "@/lib/extension/normalize-sync-item";

/**
 * The platform stamps the reply, we stamp our send: the two clocks may disagree by a little. A reply can
 * only come after the message it answers, so anything older than our send (minus this) is earlier inbox history.
 */
export const CLOCK_SKEW_MS = 60_000;
const CANDIDATE_LIMIT = 50;

const candidateSelect = {
  id: true, kind: true, accountHandle: true, targetUser: true, targetUrl: true, targetCommunity: true, title: true, sentAt: true,
} as const;
type Candidate = { id: number; kind: DraftKind; accountHandle: string; targetUser: string; targetUrl: string | null; targetCommunity: string | null; title: string | null; sentAt: Date | null };

function baseWhere(orgId: number, platform: string, item: NormalizedItem, kinds: DraftKind[]) {
  return {
    organizationId: orgId,
    platform,
    state: { in: ["sent", "replied"] as DraftState[] },
    kind: { in: kinds },
    sentAt: { not: null, lte: new Date(item.createdAt.getTime() + CLOCK_SKEW_MS) },
  };
}

/** Our own account never answers us; when the item names its recipient, only that account's drafts qualify. */
function accountFits(c: Candidate, item: NormalizedItem): boolean {
  const ours = canonicalHandle(c.accountHandle);
  if (canonicalHandle(item.author) === ours) return false;
  return item.dest === null || item.dest === ours;
}

export async function findDraftForMessage({ orgId, platform, item }: { orgId: number; platform: string; item: NormalizedItem }): Promise<number | null> {
  const author = canonicalHandle(item.author);
  const rows: Candidate[] = await db.draft.findMany({
    where: {
      ...baseWhere(orgId, platform, item, ["dm", "reply_dm", "followup_dm"]),
      OR: [author, `u/${author}`, `/u/${author}`, `@${author}`].map((h) => ({ targetUser: { equals: h, mode: "insensitive" as const } })),
    },
    orderBy: [{ sentAt: "desc" }, { id: "desc" }],
    take: CANDIDATE_LIMIT,
    select: candidateSelect,
  });
  return rows.find((c) => canonicalHandle(c.targetUser) === author && accountFits(c, item))?.id ?? null;
}

export async function findDraftForComment({ orgId, platform, item }: { orgId: number; platform: string; item: NormalizedComment }): Promise<number | null> {
  if (!item.postId) return null;
  const underPost = { targetUrl: { contains: `/comments/${item.postId}`, mode: "insensitive" as const } };
  let rows: Candidate[];
  if (!item.repliesToPost) {
    // A reply to one of our comments: the comment drafts we sent under that post.
    rows = await db.draft.findMany({
      where: { ...baseWhere(orgId, platform, item, ["post_comment", "reply_comment", "followup_comment"]), ...underPost },
      orderBy: [{ sentAt: "desc" }, { id: "desc" }],
      take: CANDIDATE_LIMIT,
      select: candidateSelect,
    });
    return rows.find((c) => postIdOfUrl(c.targetUrl) === item.postId && accountFits(c, item))?.id ?? null;
  }
  // A reply to our post: the post draft that links to it, or (a post draft knows no link of its own until someone
  // records one) the one submitted to that community under that title.
  const byTitle = item.community && item.linkTitle ? [{ title: item.linkTitle }] : [];
  rows = await db.draft.findMany({
    where: { ...baseWhere(orgId, platform, item, ["post"]), OR: [underPost, ...byTitle] },
    orderBy: [{ sentAt: "desc" }, { id: "desc" }],
    take: CANDIDATE_LIMIT,
    select: candidateSelect,
  });
  return (
    rows.find((c) => {
      if (!accountFits(c, item)) return false;
      const linked = postIdOfUrl(c.targetUrl);
      if (linked) return linked === item.postId;
      return item.community !== null && c.targetCommunity !== null && canonicalCommunity(c.targetCommunity) === item.community && c.title?.trim() === item.linkTitle;
    })?.id ?? null
  );
}
