// Cloud-runner usage of a run of this dashboard, recorded in the transaction that commits the run's end: one row of
// the metered_usage ledger (what the plan's allowance is counted from) that is also the outbox of its report to the
// Stripe meter, so a run is never metered twice nor lost. Only the cloud edition meters; a self-hosted install's
// runs are metered by the cloud organization its token belongs to (lib/cloud-runner-tokens/record-relay-usage.ts).
import type { Tx } from "@/lib/db/client";
import { publish } from "@/lib/events/bus";
import { isCloudEdition } from "@/lib/edition/edition";

export async function recordCloudUsage(tx: Tx, { orgId, runId }: { orgId: number; runId: number }): Promise<void> {
  if (!isCloudEdition()) return;
  // A run is billed for whole seconds from its start to its end, at least one.
  const inserted = await tx.$executeRaw`
    INSERT INTO metered_usage (organization_id, source_key, seconds, occurred_at)
    SELECT organization_id, 'run:' || id, GREATEST(1, CEIL(EXTRACT(EPOCH FROM finished_at - started_at)))::int, finished_at
      FROM runs WHERE id = ${runId} AND organization_id = ${orgId} AND runner = 'cloud' AND finished_at IS NOT NULL
    ON CONFLICT (source_key) DO NOTHING`;
  if (inserted > 0) await publish({ o: orgId, t: "meter:due" }, tx);
}
