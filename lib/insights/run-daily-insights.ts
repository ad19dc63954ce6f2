// The daily pass (SPEC 1 "Project insights", SPEC 8 "Insight cadence"): at most one project_insights run per active
// project per 24 h (INSIGHT_FRESH_HOURS). Skipped, with the reason reported: projects with no draft created and no conversation message in the last
// INSIGHT_ACTIVITY_DAYS days, projects whose latest brief is younger than INSIGHT_FRESH_HOURS, projects whose brief
// is being written, and projects that already had a brief run in that window (a failing run is not retried every
// time the pass fires, so "at most one run per 24 h" holds however often cron calls it). Called every hour by the
// insights-daily job and by the CLI command `insights:daily` (docs/insights-and-extraction.md).
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/http/errors";
import type { DispatchOutcome } from "@/lib/runners/dispatch-run";
import { INSIGHT_ACTIVITY_DAYS, INSIGHT_FRESH_HOURS } from "@/lib/insights/schemas";
import { requestProjectInsights } from "@/lib/insights/request-project-insights";

export type DailySkipReason = "inactive" | "fresh_insight" | "already_running" | "recent_run" | "runner_unavailable" | "error";

export interface DailyInsightsResult {
  started: Array<{ orgId: number; projectId: number; runId: number; done: Promise<DispatchOutcome> | null }>;
  skipped: Array<{ orgId: number; projectId: number; reason: DailySkipReason; detail?: string }>;
}

interface Candidate {
  id: number;
  orgId: number;
  active: boolean;
  lastInsightAt: Date | null;
  lastRunAt: Date | null;
}

/**
 * Every live project of every organization (or of `orgIds`) with what the selection needs. It reads across
 * organizations because the daily pass serves all of them; each project is then started in its own organization.
 */
async function unsafeListInsightCandidates(now: Date, orgIds?: number[]): Promise<Candidate[]> {
  const since = new Date(now.getTime() - INSIGHT_ACTIVITY_DAYS * 24 * 3600_000);
  const orgFilter = orgIds ?? null;
  return db.$queryRaw<Candidate[]>`
    SELECT p.id, p.organization_id AS "orgId",
      (EXISTS (SELECT 1 FROM drafts d
                WHERE d.organization_id = p.organization_id AND d.project_id = p.id
                  AND d.created_at >= ${since} AND d.created_at <= ${now})
       OR EXISTS (SELECT 1 FROM conversation_messages m
                    JOIN conversation_threads t ON t.id = m.thread_id AND t.organization_id = m.organization_id
                    JOIN drafts d ON d.id = t.parent_draft_id AND d.organization_id = t.organization_id
                   WHERE m.organization_id = p.organization_id AND d.project_id = p.id
                     AND m.sent_at >= ${since} AND m.sent_at <= ${now})) AS active,
      (SELECT max(i.created_at) FROM project_insights i
        WHERE i.organization_id = p.organization_id AND i.project_id = p.id) AS "lastInsightAt",
      (SELECT max(r.started_at) FROM runs r
        WHERE r.organization_id = p.organization_id AND r.project_id = p.id AND r.kind = 'project_insights') AS "lastRunAt"
    FROM projects p
    WHERE p.archived_at IS NULL
      AND (${orgFilter}::int[] IS NULL OR p.organization_id = ANY(${orgFilter}::int[]))
    ORDER BY p.organization_id, p.id`;
}

export async function runDailyInsights({ now = new Date(), orgIds }: { now?: Date; orgIds?: number[] } = {}): Promise<DailyInsightsResult> {
  const freshSince = now.getTime() - INSIGHT_FRESH_HOURS * 3600_000;
  const result: DailyInsightsResult = { started: [], skipped: [] };

  for (const p of await unsafeListInsightCandidates(now, orgIds)) {
    const skip = (reason: DailySkipReason, detail?: string) =>
      result.skipped.push({ orgId: p.orgId, projectId: p.id, reason, ...(detail ? { detail } : {}) });
    if (!p.active) {
      skip("inactive", `no drafts or messages in the last ${INSIGHT_ACTIVITY_DAYS} days`);
      continue;
    }
    if (p.lastInsightAt && p.lastInsightAt.getTime() > freshSince) {
      skip("fresh_insight", `latest brief written ${p.lastInsightAt.toISOString()}`);
      continue;
    }
    try {
      const liveOrRecent = p.lastRunAt && p.lastRunAt.getTime() > freshSince;
      if (liveOrRecent) {
        const live = await db.run.findFirst({ where: { organizationId: p.orgId, projectId: p.id, kind: "project_insights", status: "running" }, select: { id: true } });
        skip(live ? "already_running" : "recent_run", live ? `run ${live.id}` : `a brief run started ${p.lastRunAt!.toISOString()}`);
        continue;
      }
      const started = await requestProjectInsights({ orgId: p.orgId, projectId: p.id, trigger: "cron" });
      if (started.alreadyRunning) skip("already_running", `run ${started.runId}`);
      else result.started.push({ orgId: p.orgId, projectId: p.id, runId: started.runId, done: started.done });
    } catch (err) {
      // One project's failure never stops the pass for the others.
      if (err instanceof AppError && err.code === "runner_unavailable") skip("runner_unavailable", err.message);
      else skip("error", err instanceof Error ? err.message : String(err));
    }
  }
  return result;
}
