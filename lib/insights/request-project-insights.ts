// Regenerate now, the daily pass and the API all start a project's brief here: a `project_insights` run of the
// project-insighter playbook, at most one live per project (a second request answers the live one).
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/http/errors";
import { findLiveProjectRun } from "@/lib/insights/find-live-project-run";
import { assertRunnerAvailable } from "@/lib/runners/assert-runner-available";
import { resolveRunner } from "@/lib/runs/resolve-runner";
import { startRun, type StartedRun } from "@/lib/runs/start-run";

export const INSIGHTS_RUN_KIND = "project_insights";
export const INSIGHTS_PLAYBOOK = "project-insighter";

export interface RequestProjectInsightsInput {
  orgId: number;
  projectId: number;
  trigger?: "manual" | "cron" | "api";
}

export async function requestProjectInsights({ orgId, projectId, trigger = "manual" }: RequestProjectInsightsInput): Promise<StartedRun> {
  const project = await db.project.findFirst({ where: { id: projectId, organizationId: orgId, archivedAt: null }, select: { id: true } });
  if (!project) throw notFound("Project");

  // A live brief answers before the runner is checked, like Run now: the person sees the run that is going.
  const live = await findLiveProjectRun({ orgId, projectId, kind: INSIGHTS_RUN_KIND });
  if (live) return { runId: live.id, alreadyRunning: true, done: null };

  const runner = await resolveRunner({ orgId, projectId });
  await assertRunnerAvailable(runner, { orgId });
  return startRun({
    orgId,
    projectId,
    kind: INSIGHTS_RUN_KIND,
    runner,
    playbookSlug: INSIGHTS_PLAYBOOK,
    trigger,
    exclusive: { kind: INSIGHTS_RUN_KIND, projectId },
  });
}
