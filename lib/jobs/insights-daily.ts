// insights-daily: the project briefs (SPEC 1 "Project insights", SPEC 8 "Insight cadence"). It fires every hour and
// runDailyInsights keeps the spec's rule (one run per active project per 24 h; inactive projects and fresh briefs
// skipped), so a project's brief comes about a day after its last one and a missed hour costs nothing.
import { runDailyInsights, type DailySkipReason } from "@/lib/insights/run-daily-insights";
import type { JobContext, JobDefinition } from "@/lib/jobs/job";

export interface InsightsDailyResult {
  started: number[];
  skipped: Partial<Record<DailySkipReason, number>>;
}

export async function insightsDaily({ now, log, orgIds }: JobContext): Promise<InsightsDailyResult> {
  const result = await runDailyInsights({ now, orgIds });
  const skipped: InsightsDailyResult["skipped"] = {};
  for (const s of result.skipped) skipped[s.reason] = (skipped[s.reason] ?? 0) + 1;
  const started = result.started.map((s) => s.runId);
  if (started.length) log.info("project briefs started", { runs: started });
  return { started, skipped };
}

export const insightsDailyJob: JobDefinition<InsightsDailyResult> = {
  id: "insights-daily",
  cron: "0 * * * *",
  description: "Writes each active project's brief, at most once per 24 h",
  run: insightsDaily,
};
