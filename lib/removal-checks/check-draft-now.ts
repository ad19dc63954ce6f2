// "Check now" on a sent post or comment (POST /api/drafts/[id]/visibility-check): the same public read as the
// scheduled checks, at once. A permalink given with it is kept on the draft (a post marked sent by hand has none), and
// the scheduled checks still ahead are set from it. Throttled in SQL, so it holds across app instances: once a
// minute per draft, and MANUAL_CHECKS_PER_ORG_PER_MINUTE per organization (the platforms rate-limit signed-out reads).
import { db } from "@/lib/db/client";
import { AppError, notFound, rateLimited } from "@/lib/http/errors";
import { getDraftOrThrow } from "@/lib/drafts/get-draft";
import type { DraftView } from "@/lib/drafts/draft-view";
import { checkDraftVisibility } from "@/lib/removal-checks/check-draft-visibility";
import { recordVisibility } from "@/lib/removal-checks/record-visibility";
import { isPublicKind, MANUAL_CHECK_GAP_MS, MANUAL_CHECKS_PER_ORG_PER_MINUTE, nextScheduledCheck } from "@/lib/removal-checks/removal-policy";
import { visibilityTargetOf } from "@/lib/removal-checks/visibility-target";

export async function checkDraftNow({ orgId, id, permalink, now = new Date() }: { orgId: number; id: number; permalink?: string; now?: Date }): Promise<DraftView> {
  const draft = await db.draft.findFirst({
    where: { id, organizationId: orgId },
    select: { state: true, kind: true, platform: true, sentAt: true, publishedUrl: true, publishedId: true, visibilityChecksDone: true },
  });
  if (!draft) throw notFound("Draft");
  if (!draft.sentAt || (draft.state !== "sent" && draft.state !== "replied")) {
    throw new AppError("unprocessable", "Only a sent draft can be checked: this one has not been sent");
  }
  if (!isPublicKind(draft.kind)) throw new AppError("unprocessable", "A direct message is private: only public posts and comments are checked");
  const publishedUrl = permalink ?? draft.publishedUrl;
  const publishedId = permalink ? null : draft.publishedId;
  if (!visibilityTargetOf({ platform: draft.platform, publishedUrl, publishedId })) {
    throw new AppError(
      permalink ? "bad_request" : "unprocessable",
      permalink
        ? `That address is not a ${draft.platform} post or comment this dashboard can look up`
        : "There is no link to this post on the platform: give its permalink to check it",
      permalink ? { issues: [{ path: "permalink", message: "Not a post or comment address of the draft's platform" }] } : {},
    );
  }

  await db.$transaction(async (tx) => {
    // One organization's manual checks are counted one at a time, so two instances cannot both pass the last slot.
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('visibility-check'), ${orgId})`;
    const since = new Date(now.getTime() - MANUAL_CHECK_GAP_MS);
    const [row] = await tx.$queryRaw<Array<{ mine: Date | null; recent: number }>>`
      SELECT (SELECT visibility_manual_at FROM drafts WHERE id = ${id} AND organization_id = ${orgId}) AS mine,
             (SELECT count(*)::int FROM drafts WHERE organization_id = ${orgId} AND visibility_manual_at > ${since}) AS recent`;
    if (row?.mine && row.mine > since) {
      throw rateLimited("This post was checked less than a minute ago: try again in a moment", (row.mine.getTime() + MANUAL_CHECK_GAP_MS - now.getTime()) / 1000);
    }
    if ((row?.recent ?? 0) >= MANUAL_CHECKS_PER_ORG_PER_MINUTE) {
      throw rateLimited(`At most ${MANUAL_CHECKS_PER_ORG_PER_MINUTE} posts can be checked by hand per minute: try again in a minute`, MANUAL_CHECK_GAP_MS / 1000);
    }
    const schedule =
      permalink && permalink !== draft.publishedUrl
        ? (() => {
            const next = nextScheduledCheck(draft.sentAt!, draft.visibilityChecksDone, now);
            return { publishedUrl: permalink, publishedId: null, visibilityChecksDone: next?.checksDone ?? 2, visibilityCheckDueAt: next?.dueAt ?? null };
          })()
        : {};
    await tx.draft.updateMany({ where: { id, organizationId: orgId }, data: { visibilityManualAt: now, ...schedule } });
  });

  const outcome = await checkDraftVisibility({ orgId, draftId: id });
  await recordVisibility({ orgId, draftId: id, outcome, now, scheduled: null });
  return getDraftOrThrow({ orgId, id });
}
