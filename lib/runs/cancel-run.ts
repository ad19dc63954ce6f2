// DELETE /api/run/[id]: stop a live run. The run is committed as `failed` with failure_reason `cancelled` first (so
// it is over at once, whichever instance holds the agent, and even when no process is left), then the agent gets
// `session/cancel`, a grace period and is ended (docs/runs.md).
import { db } from "@/lib/db/client";
import { AppError, notFound } from "@/lib/http/errors";
import { publish } from "@/lib/events/bus";
import { commitRunTerminal } from "@/lib/runs/commit-run-terminal";
import { abortLocalRun } from "@/lib/runners/live-runs";

export async function cancelRun({ orgId, runId, by }: { orgId: number; runId: number; by: string }) {
  const run = await db.run.findFirst({ where: { id: runId, organizationId: orgId }, select: { id: true, status: true } });
  if (!run) throw notFound("Run");
  if (run.status !== "running") throw new AppError("conflict", `Run ${runId} has already finished (${run.status})`, { status: run.status });
  const committed = await commitRunTerminal(null, {
    orgId,
    runId,
    status: "failed",
    failureReason: "cancelled",
    error: `Cancelled by ${by}`,
    stopReason: "cancelled",
  });
  if (!committed) throw new AppError("conflict", `Run ${runId} has already finished`);
  if (!abortLocalRun(runId)) await publish({ o: orgId, t: "run:cancel", runId });
  return db.run.findFirstOrThrow({
    where: { id: runId, organizationId: orgId },
    select: { id: true, status: true, failureReason: true, error: true, finishedAt: true },
  });
}
