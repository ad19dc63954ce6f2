// What a removal check saw, written in one short transaction after the platform call (docs/removal-checks.md):
// - the verdict and its time on the draft (the inbox's Sent tab and the thread read them);
// - for a scheduled check, the next one (24 h) or none, but only if no other worker recorded this check first: the
//   write is conditional on the check number it claimed, so a check recorded twice changes nothing the second time;
// - the first time a post is seen removed or not visible: a `removal_seen` draft event and a `draft.removed`
//   notification, whose webhook deliveries are queued in the same transaction. A post seen again later keeps that
//   one notification; a post that comes back (a moderator re-approved it) is visible again and may notify anew.
// A check the platform did not answer keeps the last verdict and records the error; a scheduled one is tried again in
// 15 minutes, for up to 6 hours, then that check is skipped.
import { db } from "@/lib/db/client";
import { publish } from "@/lib/events/bus";
import type { DraftVisibility } from "@/lib/generated/prisma/enums";
import { recordDraftEvent } from "@/lib/drafts/record-draft-event";
import type { DraftActor } from "@/lib/drafts/actor";
import { createNotification } from "@/lib/notifications/create-notification";
import { CHECK_OFFSETS_MS, GIVE_UP_AFTER_MS, LOST_STATES, RETRY_AFTER_MS, nextScheduledCheck } from "@/lib/removal-checks/removal-policy";
import type { CheckOutcome } from "@/lib/removal-checks/check-draft-visibility";

export const REMOVAL_CHECK_ACTOR: DraftActor = { type: "system", label: "removal check" };

export interface RecordInput {
  orgId: number;
  draftId: number;
  outcome: CheckOutcome;
  now: Date;
  /** The scheduled check this was (0: the 1 h check, 1: the 24 h check); null for "Check now". */
  scheduled: number | null;
}

export type RecordResult = "recorded" | "notified" | "lost";

export async function recordVisibility({ orgId, draftId, outcome, now, scheduled }: RecordInput): Promise<RecordResult> {
  return db.$transaction(async (tx) => {
    const [draft] = await tx.$queryRaw<Array<{
      kind: string; platform: string; sent_at: Date | null; visibility: DraftVisibility | null; visibility_checks_done: number;
      visibility_lost_at: Date | null; project_id: number | null; campaign_id: number | null; account_id: number | null;
      account_handle: string; target_community: string | null; target_user: string; title: string | null;
    }>>`
      SELECT kind::text, platform, sent_at, visibility, visibility_checks_done, visibility_lost_at, project_id, campaign_id,
             account_id, account_handle, target_community, target_user, title
        FROM drafts WHERE id = ${draftId} AND organization_id = ${orgId} FOR UPDATE`;
    if (!draft || !draft.sent_at) return "lost" as const;
    // Another worker recorded this scheduled check already (our lease ran out while the platform was slow).
    if (scheduled !== null && draft.visibility_checks_done !== scheduled) return "lost" as const;

    let schedule: { visibilityChecksDone?: number; visibilityCheckDueAt?: Date | null } = {};
    if (scheduled !== null) {
      const dueAt = new Date(draft.sent_at.getTime() + CHECK_OFFSETS_MS[scheduled]!);
      if (outcome.ok || now.getTime() - dueAt.getTime() >= GIVE_UP_AFTER_MS) {
        const next = nextScheduledCheck(draft.sent_at, scheduled + 1);
        schedule = { visibilityChecksDone: scheduled + 1, visibilityCheckDueAt: next?.dueAt ?? null };
      } else {
        schedule = { visibilityCheckDueAt: new Date(now.getTime() + RETRY_AFTER_MS) };
      }
    }

    if (!outcome.ok) {
      await tx.draft.updateMany({ where: { id: draftId, organizationId: orgId }, data: { visibilityError: outcome.error.slice(0, 500), ...schedule } });
      await publish({ o: orgId, t: "drafts:changed", ids: [draftId] }, tx);
      return "recorded" as const;
    }

    const lost = LOST_STATES.includes(outcome.visibility);
    const newlyLost = lost && draft.visibility_lost_at === null;
    await tx.draft.updateMany({
      where: { id: draftId, organizationId: orgId },
      data: {
        visibility: outcome.visibility,
        visibilityCheckedAt: now,
        visibilityError: null,
        visibilityLostAt: lost ? (draft.visibility_lost_at ?? now) : null,
        ...schedule,
      },
    });
    if (draft.visibility !== outcome.visibility) {
      await recordDraftEvent(tx, {
        orgId, draftId, event: newlyLost ? "removal_seen" : "visibility_checked", actor: REMOVAL_CHECK_ACTOR,
        details: { from: draft.visibility, visibility: outcome.visibility, checkedAt: now.toISOString() },
      });
    }
    if (newlyLost) {
      const what = draft.kind === "post" ? "post" : "comment";
      const where = draft.target_community ? ` in ${draft.target_community}` : draft.title ? ` "${draft.title.slice(0, 80)}"` : ` to ${draft.target_user}`;
      await createNotification(tx, {
        orgId,
        kind: "draft.removed",
        title: outcome.visibility === "removed" ? `Your ${what}${where} was removed` : `Your ${what}${where} is no longer visible`,
        body: `Sent from ${draft.account_handle} on ${draft.platform}; a visitor who is not signed in ${outcome.visibility === "removed" ? "sees it removed by the platform or a moderator" : "can no longer see it"}.`,
        data: {
          draftId, platform: draft.platform, projectId: draft.project_id, campaignId: draft.campaign_id, accountId: draft.account_id,
          visibility: outcome.visibility, checkedAt: now.toISOString(),
        },
        now,
      });
    }
    await publish({ o: orgId, t: "drafts:changed", ids: [draftId] }, tx);
    return newlyLost ? ("notified" as const) : ("recorded" as const);
  });
}
