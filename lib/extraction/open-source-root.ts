// The source an extraction reads (SPEC "Agent tool interface": sources are read through the tools because under the
// cloud runner they exist only on the client, which is where this tool server runs). Its kind (and a folder's path)
// is the one the run was started with (runs.params.source, snapshotted at start so editing the project mid-run
// cannot move the run to another folder), else the project's current one. Whatever the kind, it is checked again at
// every call (lib/sources/open-project-source.ts).
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/http/errors";
import { openProjectSource, snapshotFromParams, snapshotOf, type ShownSource } from "@/lib/sources/open-project-source";
import { sourceSelect } from "@/lib/sources/source-view";

export interface SourceRoot {
  project: { id: number; name: string; description: string };
  source: ShownSource;
  /** The folder with every symlink resolved: the boundary no read may leave. */
  root: string;
}

export async function openSourceRoot({ orgId, projectId, runId }: { orgId: number; projectId: number; runId?: number }): Promise<SourceRoot> {
  const project = await db.project.findFirst({
    where: { id: projectId, organizationId: orgId },
    select: { id: true, name: true, description: true, ...sourceSelect },
  });
  if (!project) throw notFound("Project");
  let snapshot = snapshotOf(project);
  if (runId !== undefined) {
    const run = await db.run.findFirst({ where: { id: runId, organizationId: orgId }, select: { params: true } });
    snapshot = snapshotFromParams(run?.params) ?? snapshot;
  }
  const opened = await openProjectSource({ orgId, projectId, row: project, snapshot });
  return { project: { id: project.id, name: project.name, description: project.description }, source: opened.shown, root: opened.root };
}
