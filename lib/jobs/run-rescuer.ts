// run-rescuer: fails the runs whose dispatching process is gone. A run's lease (lib/runs/run-lease.ts) is renewed
// every 15 s while its process lives; a lease that has run out means a kill -9, a crash or a lost machine, so the run
// is failed `agent_crashed` with an error that says so, and `run:finished` goes out as for any end. What the run
// held is released with it: a reply placeholder shows its failure and Retry, a regeneration ends. Rows no dispatcher
// ever leased (written before leases existed) keep the older rule: failed once far past the run timeout.
import { db } from "@/lib/db/client";
import { commitRunTerminal } from "@/lib/runs/commit-run-terminal";
import { sweepStaleRuns } from "@/lib/runs/sweep-stale-runs";
import type { JobContext, JobDefinition } from "@/lib/jobs/job";

// Per tick; more wait for the next one.
const BATCH = 500;

export interface RescueResult {
  rescued: number[];
  timedOut: number[];
}

export async function rescueRuns({ now, log, orgIds }: JobContext): Promise<RescueResult> {
  // Across organizations: the rescuer serves all of them, and each run is committed in its own organization.
  const expired = await db.run.findMany({
    where: { ...(orgIds ? { organizationId: { in: orgIds } } : {}), status: "running", leaseExpiresAt: { lt: now } },
    select: { id: true, organizationId: true, leaseExpiresAt: true },
    orderBy: { leaseExpiresAt: "asc" },
    take: BATCH,
  });
  const rescued: number[] = [];
  for (const run of expired) {
    const committed = await commitRunTerminal(null, {
      orgId: run.organizationId,
      runId: run.id,
      status: "failed",
      failureReason: "agent_crashed",
      error: `The server running this agent stopped: the run's lease ran out at ${run.leaseExpiresAt!.toISOString()} without being renewed`,
      now,
    });
    if (committed) rescued.push(run.id);
  }
  if (rescued.length) log.warn("runs of a stopped server failed", { runs: rescued });
  const timedOut = await sweepStaleRuns({ now, orgIds });
  return { rescued, timedOut };
}

/** The next moment a running run's lease runs out, so a server that boots right after a crash can look again then. */
export async function nextLeaseExpiry(now: Date): Promise<Date | null> {
  const row = await db.run.findFirst({
    where: { status: "running", leaseExpiresAt: { gte: now } },
    orderBy: { leaseExpiresAt: "asc" },
    select: { leaseExpiresAt: true },
  });
  return row?.leaseExpiresAt ?? null;
}

export const runRescuerJob: JobDefinition<RescueResult> = {
  id: "run-rescuer",
  cron: "* * * * *",
  description: "Fails runs whose server stopped (lease not renewed for 45 s)",
  run: rescueRuns,
};
