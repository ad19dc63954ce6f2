// POST /api/cloud-runner/usage: a relay reports a run made with one of this cloud edition's tokens. The usage is
// metered to the token's organization like its own cloud runs (the metered_usage ledger and outbox), once per
// (token, run) however often the relay retries. Tokens issued elsewhere (the hosted dashboard's own service token)
// are acknowledged and ignored: those runs are metered where they were committed.
import { db } from "@/lib/db/client";
import { publish } from "@/lib/events/bus";

export async function recordRelayUsage({ jti, runId, seconds, endedAt }: { jti: string; org: number; runId: number; seconds: number; endedAt: string }) {
  const token = await db.cloudRunnerToken.findUnique({ where: { jti }, select: { id: true, organizationId: true } });
  if (!token?.organizationId) return { recorded: false };
  const orgId = token.organizationId;
  const at = new Date(endedAt);
  const recorded = await db.$transaction(async (tx) => {
    const inserted = await tx.$executeRaw`
      INSERT INTO metered_usage (organization_id, source_key, seconds, occurred_at)
      VALUES (${orgId}, ${`relay:${jti}:${runId}`}, ${Math.max(1, seconds)}, ${at})
      ON CONFLICT (source_key) DO NOTHING`;
    await tx.cloudRunnerToken.update({ where: { id: token.id }, data: { lastUsedAt: at } });
    if (inserted > 0) await publish({ o: orgId, t: "meter:due" }, tx);
    return inserted > 0;
  });
  return { recorded };
}
