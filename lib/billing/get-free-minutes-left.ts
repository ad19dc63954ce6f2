// What a Free organization has left of its cloud-runner minutes this period, for the places a customer decides to run
// something: beside Run now, and on Home once they are close to the end (docs/cloud-edition.md, "Billing"). Null when
// nothing is limited: billing is off, or a paid plan bills minutes past its allowance instead of refusing them.
import { billingSettings } from "@/lib/billing/billing-settings";
import { getCloudAllowance } from "@/lib/billing/get-cloud-allowance";

/** From this share of the allowance on, Home says how much is left. */
export const NEAR_LIMIT_SHARE = 0.8;

export interface FreeMinutesLeft {
  usedMinutes: number;
  includedMinutes: number;
  leftMinutes: number;
  exhausted: boolean;
  nearLimit: boolean;
  periodEnd: string;
}

export async function getFreeMinutesLeft({ orgId, now = new Date() }: { orgId: number; now?: Date }): Promise<FreeMinutesLeft | null> {
  if (!billingSettings()) return null;
  const a = await getCloudAllowance({ orgId, now });
  if (a.paid) return null;
  const includedMinutes = a.plan.includedMinutes;
  const usedMinutes = Math.min(includedMinutes, Math.ceil(a.usedSeconds / 60));
  return {
    usedMinutes,
    includedMinutes,
    leftMinutes: Math.max(0, Math.floor((a.includedSeconds - a.usedSeconds) / 60)),
    exhausted: a.exhausted,
    nearLimit: a.usedSeconds >= a.includedSeconds * NEAR_LIMIT_SHARE,
    periodEnd: a.period.end.toISOString(),
  };
}
