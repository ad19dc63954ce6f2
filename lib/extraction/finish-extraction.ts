// project_extract_finish: the extractor's finish step. The description, the `project:description:updated` event
// and the run's success commit in one transaction (SPEC 3), so the page never shows a finished run without its
// description, nor a description from a run that lost a race with a cancel.
import { db } from "@/lib/db/client";
import { AppError, notFound } from "@/lib/http/errors";
import { publish } from "@/lib/events/bus";
import { commitRunTerminal } from "@/lib/runs/commit-run-terminal";

export async function finishExtraction({ orgId, runId, projectId, description }: { orgId: number; runId: number; projectId: number; description: string }) {
  return db.$transaction(async (tx) => {
    const changed = await tx.project.updateMany({ where: { id: projectId, organizationId: orgId }, data: { description } });
    if (changed.count === 0) throw notFound("Project");
    await publish({ o: orgId, t: "project:description:updated", projectId }, tx);
    const committed = await commitRunTerminal(tx, { orgId, runId, status: "success", params: { descriptionChars: description.length } });
    if (!committed) throw new AppError("conflict", `Run ${runId} has already finished`);
    return { projectId };
  });
}
