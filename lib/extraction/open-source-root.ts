// The source folder an extraction reads (SPEC "Agent tool interface": sources are read through the tools because
// under the cloud runner they exist only on the client, which is where this tool server runs). It is the folder
// the run was started for (runs.params.sourcePath, snapshotted at start so editing the project mid-run cannot
// move the run to another folder), else the project's current source path.
import { realpath, stat } from "node:fs/promises";
import { db } from "@/lib/db/client";
import { AppError, notFound } from "@/lib/http/errors";

export interface SourceRoot {
  project: { id: number; name: string; description: string };
  /** As the project stores it. */
  sourcePath: string;
  /** The folder with every symlink resolved: the boundary no read may leave. */
  root: string;
}

export async function openSourceRoot({ orgId, projectId, runId }: { orgId: number; projectId: number; runId?: number }): Promise<SourceRoot> {
  const project = await db.project.findFirst({
    where: { id: projectId, organizationId: orgId },
    select: { id: true, name: true, description: true, sourcePath: true },
  });
  if (!project) throw notFound("Project");
  let sourcePath = project.sourcePath?.trim() || null;
  if (runId !== undefined) {
    const run = await db.run.findFirst({ where: { id: runId, organizationId: orgId }, select: { params: true } });
    const snap = (run?.params as { sourcePath?: unknown } | null)?.sourcePath;
    if (typeof snap === "string" && snap) sourcePath = snap;
  }
  const { sourcePath: _omit, ...shown } = project;
  return { project: shown, sourcePath: await checkSourceFolder(sourcePath), root: await realpath(sourcePath!) };
}

/** 422 with a message a person can act on when the project has no usable source folder on this machine. */
export async function checkSourceFolder(sourcePath: string | null): Promise<string> {
  if (!sourcePath) {
    throw new AppError("unprocessable", "This project has no source folder. Set one (Edit project → Source folder) to extract a description from it.");
  }
  const info = await stat(sourcePath).catch(() => null);
  if (!info) {
    throw new AppError("unprocessable", `The source folder ${sourcePath} does not exist on the machine that runs the dashboard.`, { sourcePath });
  }
  if (!info.isDirectory()) {
    throw new AppError("unprocessable", `The source path ${sourcePath} is a file, not a folder.`, { sourcePath });
  }
  return sourcePath;
}
