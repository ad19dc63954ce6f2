// The one place a run's terminal state is committed (SPEC section 3). Finish tools call it inside the transaction
// that writes their artifact; the dispatcher calls it when the agent process ends. Only the first commit wins
// (`WHERE status = 'running'`), so a finish tool, a cancel and the dispatcher can race without overwriting each other.
// The run.success / run.failed (and drafts.created) notifications, with their webhook deliveries, and the cloud
// edition's metered usage of a cloud run are written here, in the same transaction.
import type { Prisma } from "@/lib/generated/prisma/client";
import { db, type Tx } from "@/lib/db/client";
import { publish } from "@/lib/events/bus";
import { notifyRunEnded } from "@/lib/notifications/notify-run-ended";
import { recordCloudUsage } from "@/lib/billing/record-cloud-usage";

export type RunFailureReason =
  | "runner_missing"
  | "auth_expired"
  | "quota_exhausted"
  | "playbook_error"
  | "playbook_incomplete"
  | "network"
  | "agent_crashed"
  | "agent_timeout"
  | "unknown"
  // Our addition for DELETE /api/run/[id] (docs/runs.md): not a classifier outcome.
  | "cancelled";

export interface RunTerminal {
  orgId: number;
  runId: number;
  status: "success" | "failed";
  failureReason?: RunFailureReason | null;
  error?: string | null;
  exitCode?: number | null;
  stopReason?: string | null;
  /** Merged into runs.params (for example the finish tool's summary). */
  params?: Prisma.InputJsonObject;
  now?: Date;
}

/** Returns false when the run had already ended (or is not this organization's): nothing is changed then. */
export async function commitRunTerminal(tx: Tx | null, t: RunTerminal): Promise<boolean> {
  if (!tx) return db.$transaction((inner) => commitRunTerminal(inner, t));
  const params = JSON.stringify(t.params ?? {});
  const changed = await tx.$executeRaw`
    UPDATE runs SET
      status = ${t.status}::"RunStatus",
      failure_reason = ${t.status === "failed" ? (t.failureReason ?? "unknown") : null},
      error = ${t.error ?? null},
      exit_code = COALESCE(${t.exitCode ?? null}::int, exit_code),
      stop_reason = COALESCE(${t.stopReason ?? null}, stop_reason),
      params = params || ${params}::jsonb,
      finished_at = ${t.now ?? new Date()}
    WHERE id = ${t.runId} AND organization_id = ${t.orgId} AND status = 'running'`;
  if (changed === 0) return false;
  await publish({ o: t.orgId, t: "run:finished", runId: t.runId }, tx);
  await notifyRunEnded(tx, { orgId: t.orgId, runId: t.runId, status: t.status, failureReason: t.failureReason, error: t.error, now: t.now });
  await recordCloudUsage(tx, { orgId: t.orgId, runId: t.runId });
  return true;
}
