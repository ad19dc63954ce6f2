// GET /api/cloud-runner/revocations: what relays refuse, read by each relay every minute (RELAY_REVOKED_URL):
// revoked token ids that have not expired yet, and the tokens of organizations whose plan's cloud minutes are spent
// with no paid plan (billing on), each with the words the client is shown. Ids are random and say nothing else.
import { db } from "@/lib/db/client";
import { billingSettings } from "@/lib/billing/billing-settings";
import { getCloudAllowance } from "@/lib/billing/get-cloud-allowance";
import type { BlockedToken, RevocationList } from "@/lib/relay-protocol/reports";

export async function relayTokenStatus({ now = new Date() }: { now?: Date } = {}): Promise<RevocationList> {
  const revoked = await db.cloudRunnerToken.findMany({ where: { revokedAt: { not: null }, expiresAt: { gt: now } }, select: { jti: true } });
  const blocked: BlockedToken[] = [];
  if (billingSettings()) {
    const live = await db.cloudRunnerToken.findMany({ where: { revokedAt: null, expiresAt: { gt: now }, organizationId: { not: null } }, select: { jti: true, organizationId: true } });
    const byOrg = new Map<number, string[]>();
    for (const t of live) byOrg.set(t.organizationId!, [...(byOrg.get(t.organizationId!) ?? []), t.jti]);
    for (const [orgId, jtis] of byOrg) {
      const a = await getCloudAllowance({ orgId, now });
      if (!a.exhausted) continue;
      const message = `The organization has used the ${a.plan.includedMinutes} cloud-runner minutes its ${a.plan.label} plan includes this month; upgrade to Pro in the cloud edition's Settings > Plan and usage`;
      for (const jti of jtis) blocked.push({ jti, message });
    }
  }
  return { revoked: revoked.map((r) => r.jti), blocked };
}
