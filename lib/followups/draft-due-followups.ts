// The second half of the follow-up tick (docs/sequences.md): each due message is taken in a short transaction of its
// own with FOR UPDATE SKIP LOCKED, so two instances ticking at once take different messages; the stop rules are read
// under that lock; then either the wait ends with its reason, or the follow-up's placeholder and run are written and
// the wait ends with them (the unique follows_draft_id makes a second follow-up of one message impossible). The agents
// are launched after each commit; no row lock spans them.
import { db, type Tx } from "@/lib/db/client";
import type { DraftKind } from "@/lib/generated/prisma/enums";
import { getAppConfig } from "@/lib/config/get-app-config";
import { chooseReplyRunner } from "@/lib/replies/choose-reply-runner";
import type { DispatchOutcome } from "@/lib/runners/dispatch-run";
import { launchRun } from "@/lib/runs/launch-run";
import { detectRunners } from "@/lib/runners/detect-runners";
import { followupStepsOf } from "@/lib/followups/followup-steps";
import { followupStopReason, type StopReason } from "@/lib/followups/followup-stop-reason";
import { enqueueFollowupDrafting, type EnqueuedFollowup } from "@/lib/followups/enqueue-followup-drafting";

/** Messages handled per tick; the rest wait for the next minute. */
export const FOLLOWUP_BATCH = 100;

export interface DraftDueResult {
  drafted: number;
  stopped: Partial<Record<StopReason, number>>;
  /** Settle when each launched run is terminal; the job drops them, tests wait on them. */
  done: Array<Promise<DispatchOutcome>>;
  followupIds: number[];
}

type Outcome = { stopped: StopReason } | { drafted: EnqueuedFollowup & { orgId: number; cannotRun: boolean } } | null;

export async function unsafeDraftDueFollowups({ now, orgIds, batch = FOLLOWUP_BATCH }: { now: Date; orgIds?: number[]; batch?: number }): Promise<DraftDueResult> {
  const result: DraftDueResult = { drafted: 0, stopped: {}, done: [], followupIds: [] };
  const orgFilter = orgIds ?? null;
  const [any] = await db.$queryRaw<Array<{ id: number }>>`
    SELECT id FROM drafts
     WHERE followup_due_at IS NOT NULL AND followup_closed_at IS NULL AND followup_due_at <= ${now}
       AND (${orgFilter}::int[] IS NULL OR organization_id = ANY(${orgFilter}::int[]))
     LIMIT 1`;
  if (!any) return result;
  // Which runners can run is detected once per process (each CLI's --version): done here, before any message is
  // locked, so no transaction waits on it.
  await detectRunners();
  for (let i = 0; i < batch; i++) {
    const outcome = await db.$transaction((tx) => takeOne(tx, { now, orgIds }));
    if (outcome === null) break;
    if ("stopped" in outcome) {
      result.stopped[outcome.stopped] = (result.stopped[outcome.stopped] ?? 0) + 1;
      continue;
    }
    const d = outcome.drafted;
    result.drafted++;
    result.followupIds.push(d.draftId);
    if (!d.cannotRun) result.done.push(launchRun({ orgId: d.orgId, runId: d.runId, token: d.token }));
  }
  return result;
}

async function takeOne(tx: Tx, { now, orgIds }: { now: Date; orgIds?: number[] }): Promise<Outcome> {
  const orgFilter = orgIds ?? null;
  const [row] = await tx.$queryRaw<Array<{ id: number; organization_id: number }>>`
    SELECT id, organization_id FROM drafts
     WHERE followup_due_at IS NOT NULL AND followup_closed_at IS NULL AND followup_due_at <= ${now}
       AND (${orgFilter}::int[] IS NULL OR organization_id = ANY(${orgFilter}::int[]))
     ORDER BY followup_due_at, id
     LIMIT 1
     FOR UPDATE SKIP LOCKED`;
  if (!row) return null;
  const orgId = row.organization_id;
  const m = await tx.draft.findFirstOrThrow({
    where: { id: row.id, organizationId: orgId },
    select: {
      id: true, organizationId: true, kind: true, platform: true, projectId: true, accountId: true, accountHandle: true, campaignId: true,
      targetUser: true, targetCommunity: true, targetUrl: true, sentAt: true, createdAt: true, visibility: true, followupStep: true,
      followsDraftId: true, campaign: { select: { state: true, config: true } },
    },
  });
  const end = async (reason: StopReason | null) => {
    await tx.draft.updateMany({
      where: { id: m.id, organizationId: orgId },
      data: { followupClosedAt: now, followupStopReason: reason, followupDueAt: null },
    });
  };

  const steps = followupStepsOf(m.campaign?.config);
  const index = m.followupStep ?? 0;
  let stop: StopReason | null = null;
  if (!m.campaign || m.campaign.state !== "active") stop = "campaign_paused";
  else if (index >= steps.length) stop = "last_step";
  if (stop) {
    await end(stop);
    return { stopped: stop };
  }

  const { dedup_policy: dedup } = await getAppConfig({ orgId });
  const check = await followupStopReason(tx, { message: m, chainIds: await chainOf(tx, orgId, m), dedup, now });
  if (check.stop) {
    await end(check.stop);
    return { stopped: check.stop };
  }
  const choice = await chooseReplyRunner({ orgId, campaignId: m.campaignId, projectId: m.projectId });
  const enqueued = await enqueueFollowupDrafting(tx, {
    orgId, message: { ...m, kind: m.kind as DraftKind }, step: index + 1, of: steps.length,
    runner: choice.runner, cannotRun: choice.cannotRun?.replace("draft this reply", "draft this follow-up").replace("on this reply", "on this follow-up") ?? null,
    dedupWarning: check.dedupWarning, now,
  });
  await end(null);
  return { drafted: { ...enqueued, orgId, cannotRun: choice.cannotRun !== null } };
}

/** The message and the ones it follows (at most the campaign's three steps back). */
async function chainOf(tx: Tx, orgId: number, m: { id: number; followsDraftId: number | null }): Promise<number[]> {
  const ids = [m.id];
  let next = m.followsDraftId;
  while (next !== null && ids.length < 8) {
    ids.push(next);
    const up = await tx.draft.findFirst({ where: { id: next, organizationId: orgId }, select: { followsDraftId: true } });
    next = up?.followsDraftId ?? null;
  }
  return ids;
}
