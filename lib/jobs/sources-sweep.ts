// sources-sweep: once a night, removes the files of handed-over sources that nothing points at (stale staging
// folders, folders of deleted projects, trees a crash left behind; lib/sources/sweep-source-files.ts).
import type { JobContext, JobDefinition } from "@/lib/jobs/job";
import { sweepSourceFiles, type SweepResult } from "@/lib/sources/sweep-source-files";

export async function sourcesSweep({ now, log, orgIds }: JobContext): Promise<SweepResult> {
  const result = await sweepSourceFiles({ now, orgIds });
  if (result.staging > 0 || result.projects > 0) log.info("source files swept", { ...result });
  return result;
}

export const sourcesSweepJob: JobDefinition<SweepResult> = {
  id: "sources-sweep",
  cron: "17 3 * * *",
  description: "Removes uploaded and cloned source files no project uses any more",
  run: sourcesSweep,
};
