import { db } from "@/lib/db/client";

/** The live run of `kind` for a project (at most one: starts are exclusive per project), or null. */
export async function findLiveProjectRun({ orgId, projectId, kind }: { orgId: number; projectId: number; kind: "project_insights" | "project_extraction" }) {
  const run = await db.run.findFirst({
    where: { organizationId: orgId, projectId, kind, status: "running" },
    orderBy: { id: "desc" },
    select: { id: true, startedAt: true },
  });
  return run;
}
