// Auto-extract: starts a `project_extraction` run of the project-extractor playbook, which reads the project's
// source folder through the project_extract_* tools and writes the project description. At most one live per
// project (a second request answers the live one). A project without a usable source folder is refused (422)
// before anything is written.
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/http/errors";
import { checkSourceFolder } from "@/lib/extraction/open-source-root";
import { findLiveProjectRun } from "@/lib/insights/find-live-project-run";
import { assertRunnerAvailable } from "@/lib/runners/assert-runner-available";
import { resolveRunner } from "@/lib/runs/resolve-runner";
import { startRun, type StartedRun } from "@/lib/runs/start-run";

export const EXTRACTION_RUN_KIND = "project_extraction";
export const EXTRACTION_PLAYBOOK = "project-extractor";

export async function requestProjectExtraction({ orgId, projectId, trigger = "manual" }: { orgId: number; projectId: number; trigger?: "manual" | "api" }): Promise<StartedRun> {
  const project = await db.project.findFirst({ where: { id: projectId, organizationId: orgId, archivedAt: null }, select: { id: true, sourcePath: true } });
  if (!project) throw notFound("Project");

  const live = await findLiveProjectRun({ orgId, projectId, kind: EXTRACTION_RUN_KIND });
  if (live) return { runId: live.id, alreadyRunning: true, done: null };

  const sourcePath = await checkSourceFolder(project.sourcePath?.trim() || null);
  const runner = await resolveRunner({ orgId, projectId });
  await assertRunnerAvailable(runner, { orgId });
  return startRun({
    orgId,
    projectId,
    kind: EXTRACTION_RUN_KIND,
    runner,
    playbookSlug: EXTRACTION_PLAYBOOK,
    trigger,
    // The folder this run reads, fixed at start (lib/extraction/open-source-root.ts).
    params: { sourcePath },
    exclusive: { kind: EXTRACTION_RUN_KIND, projectId },
  });
}
