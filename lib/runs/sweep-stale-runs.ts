// Runs left `running` with no lease (rows written before leases existed, lib/runs/run-lease.ts) would otherwise stay
// running for ever: their Cancel still works, but a reply draft would keep its drafting flag and offer no Retry. No
// live dispatcher keeps a run past the run timeout, so such a run still `running` well after it cannot be alive on
// any instance: it is failed as `agent_timeout` with an error that says what happened. Leased runs are the run
// rescuer's (lib/jobs/run-rescuer.ts), which calls this too.
import { db } from "@/lib/db/client";
import { log } from "@/lib/log/logger";
import { DEFAULT_RUN_TIMEOUT_MS } from "@/lib/runners/dispatch-run";
import { commitRunTerminal } from "@/lib/runs/commit-run-terminal";

const GRACE_MS = 5 * 60_000;

export async function sweepStaleRuns({ now = new Date(), timeoutMs = DEFAULT_RUN_TIMEOUT_MS, orgIds }: { now?: Date; timeoutMs?: number; orgIds?: number[] } = {}): Promise<number[]> {
  const cutoff = new Date(now.getTime() - timeoutMs - GRACE_MS);
  const stale = await db.run.findMany({
    where: { ...(orgIds ? { organizationId: { in: orgIds } } : {}), status: "running", leaseExpiresAt: null, startedAt: { lt: cutoff } },
    select: { id: true, organizationId: true },
    take: 500,
  });
  const swept: number[] = [];
  for (const run of stale) {
    const committed = await commitRunTerminal(null, {
      orgId: run.organizationId,
      runId: run.id,
      status: "failed",
      failureReason: "agent_timeout",
      error: "Interrupted: the server running this agent stopped before the run finished",
      now,
    });
    if (committed) swept.push(run.id);
  }
  if (swept.length) log.warn("stale runs failed", { runs: swept });
  return swept;
}
