// Starts a background run (skill generation, extraction, insights, reply drafting): at most one live run per
// `exclusive` scope, the row committed with its snapshot, then the agent launched. A second request while one is
// alive answers the live run instead of starting another.
import type { Prisma } from "@/lib/generated/prisma/client";
import { db, type Tx } from "@/lib/db/client";
import type { DispatchOutcome } from "@/lib/runners/dispatch-run";
import { createRun, type CreateRunInput } from "@/lib/runs/create-run";
import { launchRun } from "@/lib/runs/launch-run";

export interface StartRunInput extends CreateRunInput {
  /** Which live run makes this one redundant, e.g. `{ kind: "project_extraction", projectId }`. */
  exclusive?: Prisma.RunWhereInput;
  /** Writes that belong with the run row (a placeholder draft, an event), in the same transaction. */
  alsoInTx?: (tx: Tx, runId: number) => Promise<void>;
}

export interface StartedRun {
  runId: number;
  alreadyRunning?: true;
  /** Settles when the run is terminal; null when an earlier run was answered. */
  done: Promise<DispatchOutcome> | null;
}

export async function startRun({ exclusive, alsoInTx, ...input }: StartRunInput): Promise<StartedRun> {
  const outcome = await db.$transaction(async (tx) => {
    if (exclusive) {
      // Serialise starters of the same scope, then look for a live run.
      const key = `${input.orgId}:${JSON.stringify(exclusive)}`;
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${key}))`;
      const live = await tx.run.findFirst({ where: { ...exclusive, organizationId: input.orgId, status: "running" }, select: { id: true } });
      if (live) return { runId: live.id, alreadyRunning: true as const };
    }
    const run = await createRun(tx, input);
    await alsoInTx?.(tx, run.id);
    return { runId: run.id, token: run.token };
  });
  if ("alreadyRunning" in outcome) return { runId: outcome.runId, alreadyRunning: true, done: null };
  return { runId: outcome.runId, done: launchRun({ orgId: input.orgId, runId: outcome.runId, token: outcome.token }) };
}
