// Auto-extract: starts a `project_extraction` run of the project-extractor playbook, which reads the project's
// source through the project_extract_* tools and writes the project description. At most one live per project (a
// second request answers the live one). A project without a usable source (none, a folder outside the roots, files
// that are gone) is refused (422) before anything is written.
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/http/errors";
import { openProjectSource, snapshotOf } from "@/lib/sources/open-project-source";
import { sourceSelect } from "@/lib/sources/source-view";
import { findLiveProjectRun } from "@/lib/insights/find-live-project-run";
import { assertRunnerAvailable } from "@/lib/runners/assert-runner-available";
import { resolveRunner } from "@/lib/runs/resolve-runner";
import { startRun, type StartedRun } from "@/lib/runs/start-run";

export const EXTRACTION_RUN_KIND = "project_extraction";
export const EXTRACTION_PLAYBOOK = "project-extractor";

export async function requestProjectExtraction({ orgId, projectId, trigger = "manual" }: { orgId: number; projectId: number; trigger?: "manual" | "api" }): Promise<StartedRun> {
  const project = await db.project.findFirst({ where: { id: projectId, organizationId: orgId, archivedAt: null }, select: { id: true, ...sourceSelect } });
  if (!project) throw notFound("Project");

  const live = await findLiveProjectRun({ orgId, projectId, kind: EXTRACTION_RUN_KIND });
  if (live) return { runId: live.id, alreadyRunning: true, done: null };

  const snapshot = snapshotOf(project);
  await openProjectSource({ orgId, projectId, row: project, snapshot });
  const runner = await resolveRunner({ orgId, projectId });
  await assertRunnerAvailable(runner, { orgId });
  return startRun({
    orgId,
    projectId,
    kind: EXTRACTION_RUN_KIND,
    runner,
    playbookSlug: EXTRACTION_PLAYBOOK,
    trigger,
    // The kind of source this run reads (and a folder's path), fixed at start (lib/extraction/open-source-root.ts).
    params: { source: snapshot },
    exclusive: { kind: EXTRACTION_RUN_KIND, projectId },
  });
}
