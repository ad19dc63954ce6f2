// campaign-tick: starts the scheduled runs. Every active campaign with a cron carries the next slot not yet claimed
// (`next_run_at`); each tick reads the due ones through an index, claims each slot with one conditional UPDATE that
// moves `next_run_at` on (so several workers, or a tick that comes late, start at most one run per slot), and then
// starts the run the way POST /api/run does, with trigger `schedule`. Slots that passed while nothing ticked are
// skipped and logged: only the latest due slot runs, so an hour of downtime gives one run, not sixty.
import type { Prisma } from "@/lib/generated/prisma/client";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/http/errors";
import { dueSlots, nextSlotAfter } from "@/lib/campaigns/campaign-schedule";
import { startCampaignRun } from "@/lib/runs/start-campaign-run";
import type { JobContext, JobDefinition } from "@/lib/jobs/job";

// Due campaigns handled per tick; the rest are due on the next tick (a minute later).
const BATCH = 1000;

export type ScheduleResult = "started" | "already_running" | "refused";

export interface ScheduleOutcome {
  slot: string;
  at: string;
  result: ScheduleResult;
  runId?: number;
  message?: string;
  skippedSlots?: number;
}

export interface CampaignTickResult {
  started: number;
  alreadyRunning: number;
  refused: number;
  /** Slots claimed by another worker between our read and our claim. */
  lost: number;
  initialized: number;
}

export async function campaignTick({ now, log, orgIds }: JobContext): Promise<CampaignTickResult> {
  const result: CampaignTickResult = { started: 0, alreadyRunning: 0, refused: 0, lost: 0, initialized: 0 };
  const scope = orgIds ? { organizationId: { in: orgIds } } : {};
  result.initialized = await initializeSchedules(now, scope);

  // Across organizations (the tick serves all of them); each run then starts in its campaign's organization.
  const due = await db.campaign.findMany({
    where: { ...scope, state: "active", cron: { not: null }, nextRunAt: { lte: now } },
    select: { id: true, organizationId: true, cron: true, nextRunAt: true },
    orderBy: { nextRunAt: "asc" },
    take: BATCH,
  });

  // Claim every due slot in one statement: a campaign is ours only if its next_run_at is still what we read.
  const planned = due.flatMap((c) => {
    const slots = dueSlots(c.cron!, c.nextRunAt!, now);
    return slots ? [{ ...c, from: c.nextRunAt!, next: nextSlotAfter(c.cron!, now), ...slots }] : [];
  });
  const claimedIds = planned.length ? await claimSlots(planned) : new Set<number>();
  result.lost = planned.length - claimedIds.size;

  const outcomes: Array<{ id: number; outcome: ScheduleOutcome }> = [];
  for (const campaign of planned.filter((p) => claimedIds.has(p.id))) {
    if (campaign.skipped > 0) {
      log.warn("missed schedule slots skipped", { campaignId: campaign.id, skipped: campaign.skipped, firstMissed: campaign.from.toISOString(), running: campaign.latest.toISOString() });
    }
    const outcome: ScheduleOutcome = { slot: campaign.latest.toISOString(), at: now.toISOString(), result: "started", ...(campaign.skipped ? { skippedSlots: campaign.skipped } : {}) };
    try {
      const started = await startCampaignRun({ orgId: campaign.organizationId, campaignId: campaign.id, trigger: "schedule" });
      outcome.runId = started.runId;
      if (started.alreadyRunning) {
        // The previous run is still going: recorded, not an error; the next slot tries again.
        outcome.result = "already_running";
        result.alreadyRunning += 1;
      } else {
        result.started += 1;
      }
    } catch (err) {
      // One campaign's problem (its runner is not installed here, say) never stops the others.
      outcome.result = "refused";
      outcome.message = err instanceof AppError ? err.message : "The run could not start; the error was logged";
      result.refused += 1;
      if (!(err instanceof AppError)) log.error("scheduled run failed to start", { campaignId: campaign.id, error: (err as Error).message });
    }
    outcomes.push({ id: campaign.id, outcome });
  }
  if (outcomes.length) await recordOutcomes(outcomes);
  if (result.started || result.refused || result.alreadyRunning) log.info("campaign tick", { ...result });
  return result;
}

interface PlannedSlot {
  id: number;
  from: Date;
  next: Date | null;
  latest: Date;
}

/** One UPDATE for every due campaign; answers the ids whose slot this tick won. */
async function claimSlots(planned: PlannedSlot[]): Promise<Set<number>> {
  const rows = await db.$queryRaw<Array<{ id: number }>>`
    UPDATE campaigns c SET next_run_at = v.next, last_scheduled_at = v.slot
      FROM unnest(${planned.map((p) => p.id)}::int[], ${planned.map((p) => p.from)}::timestamptz[],
                  ${planned.map((p) => p.next)}::timestamptz[], ${planned.map((p) => p.latest)}::timestamptz[]) AS v(id, seen, next, slot)
     WHERE c.id = v.id AND c.state = 'active' AND c.next_run_at = v.seen
    RETURNING c.id`;
  return new Set(rows.map((r) => r.id));
}

async function recordOutcomes(outcomes: Array<{ id: number; outcome: ScheduleOutcome }>): Promise<void> {
  await db.$executeRaw`
    UPDATE campaigns c SET last_schedule_outcome = v.outcome
      FROM unnest(${outcomes.map((o) => o.id)}::int[], ${outcomes.map((o) => JSON.stringify(o.outcome))}::jsonb[]) AS v(id, outcome)
     WHERE c.id = v.id`;
}

/** Campaigns whose cron was set before schedules were kept get their next slot now (no run for the past). */
async function initializeSchedules(now: Date, scope: Prisma.CampaignWhereInput): Promise<number> {
  const pending = await db.campaign.findMany({
    where: { ...scope, state: "active", cron: { not: null }, nextRunAt: null },
    select: { id: true, cron: true },
    take: BATCH,
  });
  for (const c of pending) {
    await db.campaign.updateMany({ where: { id: c.id, nextRunAt: null }, data: { nextRunAt: nextSlotAfter(c.cron!, now) } });
  }
  return pending.length;
}

export const campaignTickJob: JobDefinition<CampaignTickResult> = {
  id: "campaign-tick",
  cron: "* * * * *",
  description: "Starts the runs of active campaigns whose schedule is due",
  run: campaignTick,
};
