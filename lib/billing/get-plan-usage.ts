// Settings > Plan and usage: what an organization's plan includes and how much of it this period has used, in every
// edition, so the page is never missing (docs/cloud-edition.md "Plan and usage"). Three sources of the limits:
//   billing      cloud edition with Stripe: the organization's plan (Free or Pro) and what happens at its limits;
//   service      cloud edition without Stripe: the service sets the plan by hand; minutes and seats are counted but
//                not limited, source storage and projects keep the operator's quotas;
//   self-hosted  the install's own quotas; nothing is billed and agents' minutes are not counted here.
import { db } from "@/lib/db/client";
import { readEnv } from "@/lib/env";
import { billingSettings } from "@/lib/billing/billing-settings";
import { getCloudAllowance } from "@/lib/billing/get-cloud-allowance";
import type { Plan } from "@/lib/billing/plans";
import { getStorageUsage } from "@/lib/sources/get-storage-usage";

export type PlanSource = "billing" | "service" | "self-hosted";

export interface PlanUsage {
  source: PlanSource;
  /** The plan in force with billing on; null where the service or the install sets the limits. */
  plan: Plan | null;
  paid: boolean;
  /** The period usage is counted over; its end is when the counts start again. */
  period: { start: string; end: string };
  /** Cloud-runner minutes this period (null: not counted, self-hosted); `included` null: no limit. */
  minutes: { used: number; included: number | null; exhausted: boolean } | null;
  /** Members and pending invitations; `included` null: no limit. */
  seats: { used: number; included: number | null };
  storage: { usedBytes: number; quotaBytes: number; projects: number; maxProjects: number };
  /** Whom to ask about the plan where the service sets it (null: say "the team that runs this service"). */
  contact: string | null;
}

export async function getPlanUsage({ orgId, now = new Date() }: { orgId: number; now?: Date }): Promise<PlanUsage> {
  const env = readEnv();
  const source: PlanSource = billingSettings() ? "billing" : env.OUTREACH_EDITION === "cloud" ? "service" : "self-hosted";
  const [allowance, storage, members, pendingInvites] = await Promise.all([
    getCloudAllowance({ orgId, now }),
    getStorageUsage({ orgId }),
    db.membership.count({ where: { organizationId: orgId } }),
    db.invite.count({ where: { organizationId: orgId, acceptedAt: null, revokedAt: null, expiresAt: { gt: now } } }),
  ]);
  const billing = source === "billing";
  // Tenths of a minute, rounded up: a 20-second run shows as 0.4, never as nothing.
  const usedMinutes = Math.ceil((allowance.usedSeconds / 60) * 10) / 10;
  return {
    source,
    plan: billing ? allowance.plan : null,
    paid: billing && allowance.paid,
    period: { start: allowance.period.start.toISOString(), end: allowance.period.end.toISOString() },
    minutes: source === "self-hosted" ? null : { used: usedMinutes, included: billing ? allowance.plan.includedMinutes : null, exhausted: billing && allowance.exhausted },
    seats: { used: members + pendingInvites, included: billing ? allowance.plan.members : null },
    storage,
    contact: source === "service" ? (env.OUTREACH_SUPPORT_CONTACT ?? null) : null,
  };
}
