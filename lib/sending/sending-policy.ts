// An account's sending limits (docs/sending-limits.md): the numbers, their defaults per platform, and the pure rules
// that decide whether one more send may go now or when it may. No database here: the caller holds the account's row
// lock and hands in the sends it counted (lib/sending/take-send-slot.ts), and the unit test reads the rules directly.
import { z } from "zod";

export interface SendingPolicy {
  /** Sends in any 24 hours, once warm-up is over. */
  dailyCap: number;
  /** Sends in any 60 minutes. */
  hourlyCap: number;
  /** The least time between two sends. */
  minGapSeconds: number;
  /** Up to this much more, chosen at random after each send, so sends do not tick like a clock. */
  jitterSeconds: number;
  /** Whether a new account ramps up: warmupStart sends on its first day, warmupStep more each day, up to dailyCap. */
  warmup: boolean;
  warmupStart: number;
  warmupStep: number;
}

/**
 * Defaults per platform. Forum DMs and comments come from a person's account on a site that bans new accounts that
 * message strangers quickly: few a day, several minutes apart, a slow ramp. Federated posts go to an instance whose
 * own limit is far higher (Mastodon's default is 300 statuses in 3 hours) and whose moderators watch for bursts of
 * mentions: more a day, a couple of minutes apart, a faster ramp. Any other platform gets the forum's caution.
 */
export const DEFAULT_POLICIES: Record<string, SendingPolicy> = {
  forum: { dailyCap: 20, hourlyCap: 4, minGapSeconds: 8 * 60, jitterSeconds: 7 * 60, warmup: true, warmupStart: 3, warmupStep: 2 },
  federated: { dailyCap: 60, hourlyCap: 12, minGapSeconds: 2 * 60, jitterSeconds: 3 * 60, warmup: true, warmupStart: 10, warmupStep: 5 },
};

export function defaultPolicy(platform: string): SendingPolicy {
  return DEFAULT_POLICIES[platform] ?? DEFAULT_POLICIES.forum!;
}

/** What a person may set on an account; each field null (or absent) means "the platform's default". */
export const ZSendingPolicyPatch = z
  .object({
    dailyCap: z.number().int().min(1).max(1000).nullable().optional().describe("Sends in any 24 hours once warm-up is over"),
    hourlyCap: z.number().int().min(1).max(200).nullable().optional().describe("Sends in any 60 minutes"),
    minGapSeconds: z.number().int().min(0).max(86_400).nullable().optional().describe("Least seconds between two sends"),
    jitterSeconds: z.number().int().min(0).max(86_400).nullable().optional().describe("Up to this many more seconds, at random, after each send"),
    warmup: z.boolean().nullable().optional().describe("Ramp a new account up day by day"),
    warmupStart: z.number().int().min(1).max(1000).nullable().optional().describe("Sends allowed on the account's first day"),
    warmupStep: z.number().int().min(0).max(1000).nullable().optional().describe("How many more each day after the first"),
  })
  .strict();
export type SendingPolicyPatch = z.infer<typeof ZSendingPolicyPatch>;

const FIELDS = ["dailyCap", "hourlyCap", "minGapSeconds", "jitterSeconds", "warmup", "warmupStart", "warmupStep"] as const;

/** The stored overrides of an account, read defensively: anything that is not a valid value is ignored. */
export function readOverrides(stored: unknown): Partial<SendingPolicy> {
  const parsed = ZSendingPolicyPatch.safeParse(stored ?? {});
  if (!parsed.success) return {};
  const out: Partial<SendingPolicy> = {};
  for (const k of FIELDS) {
    const v = parsed.data[k];
    if (v !== null && v !== undefined) (out as Record<string, unknown>)[k] = v;
  }
  return out;
}

/** Applies a patch to stored overrides: a value sets the field, null puts it back to the default. */
export function mergeOverrides(stored: unknown, patch: SendingPolicyPatch): Partial<SendingPolicy> {
  const out: Record<string, unknown> = { ...readOverrides(stored) };
  for (const k of FIELDS) {
    if (!(k in patch)) continue;
    const v = patch[k];
    if (v === null || v === undefined) delete out[k];
    else out[k] = v;
  }
  return out as Partial<SendingPolicy>;
}

export function effectivePolicy(platform: string, stored: unknown): SendingPolicy {
  return { ...defaultPolicy(platform), ...readOverrides(stored) };
}

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

/** The account's day of life at `now`, from 1 on the day it was added. */
export function accountDay(createdAt: Date, now: Date): number {
  return Math.max(1, Math.floor((now.getTime() - createdAt.getTime()) / DAY_MS) + 1);
}

/** The day's cap: the warm-up ramp's value for the account's day, never above the daily cap. */
export function dayCapAt(policy: SendingPolicy, createdAt: Date, now: Date): { cap: number; warmingUp: boolean; day: number } {
  const day = accountDay(createdAt, now);
  if (!policy.warmup) return { cap: policy.dailyCap, warmingUp: false, day };
  const ramp = policy.warmupStart + (day - 1) * policy.warmupStep;
  return ramp < policy.dailyCap ? { cap: ramp, warmingUp: true, day } : { cap: policy.dailyCap, warmingUp: false, day };
}

export interface PolicyInput {
  policy: SendingPolicy;
  accountCreatedAt: Date;
  now: Date;
  /** The account's sends of the last 24 hours, any order. */
  sends: Date[];
  /** The earliest time the next send may go (the last send's gap and jitter). */
  nextSendAt: Date | null;
  /** The account's handle, so a held draft says whose limits hold it; without it the reason says "the account". */
  account?: string;
}

export type PolicyDecision =
  | { allowed: true }
  | { allowed: false; sendAfter: Date; reason: string };

/**
 * Whether one more send may go at `now`. When not, the earliest time every rule allows it and the reason in words:
 * the later of the time the 24-hour window frees a slot (or warm-up's next day raises the cap), the time the hour's
 * window frees one, and the gap after the last send.
 */
export function decideSend({ policy, accountCreatedAt, now, sends, nextSendAt, account }: PolicyInput): PolicyDecision {
  const t = now.getTime();
  const day = sends.filter((s) => s.getTime() > t - DAY_MS).map((s) => s.getTime()).sort((a, b) => a - b);
  const hour = day.filter((s) => s > t - HOUR_MS);
  const reasons: string[] = [];
  let after = t;

  const { cap, warmingUp, day: accountDayNow } = dayCapAt(policy, accountCreatedAt, now);
  if (day.length >= cap) {
    // The window frees a slot when the send that is `cap` from the newest turns 24 hours old.
    let freed = day[day.length - cap]! + DAY_MS;
    if (warmingUp) {
      const nextDay = accountCreatedAt.getTime() + accountDayNow * DAY_MS;
      const nextCap = dayCapAt(policy, accountCreatedAt, new Date(nextDay)).cap;
      if (nextCap > cap) {
        // On the next day of warm-up the cap is higher; what the window still holds then must fit under it.
        const stillIn = day.filter((s) => s > nextDay - DAY_MS).length;
        if (stillIn < nextCap) freed = Math.min(freed, nextDay);
      }
    }
    after = Math.max(after, freed);
    reasons.push(
      warmingUp
        ? `${day.length} of ${cap} sends in the last 24 hours (warm-up day ${accountDayNow})`
        : `${day.length} of ${cap} sends in the last 24 hours`,
    );
  }
  if (hour.length >= policy.hourlyCap) {
    after = Math.max(after, hour[hour.length - policy.hourlyCap]! + HOUR_MS);
    reasons.push(`${hour.length} of ${policy.hourlyCap} sends in the last hour`);
  }
  // With no gap at all there is nothing to wait for (a sender whose clock read a moment before another's must not
  // be held for "0 s").
  if (nextSendAt && nextSendAt.getTime() > t && policy.minGapSeconds + policy.jitterSeconds > 0) {
    after = Math.max(after, nextSendAt.getTime());
    reasons.push(`at least ${formatGap(policy.minGapSeconds)} between sends`);
  }
  if (reasons.length === 0) return { allowed: true };
  const whose = account ? `The sending limits of ${account}` : "The account's sending limits";
  return { allowed: false, sendAfter: new Date(after), reason: `${whose}: ${reasons.join("; ")}` };
}

/** The next send's earliest time after a send at `at`: the gap plus a random share of the jitter. */
export function nextSendAfter(policy: SendingPolicy, at: Date, random: () => number = Math.random): Date {
  const jitter = Math.floor(random() * (policy.jitterSeconds + 1));
  return new Date(at.getTime() + (policy.minGapSeconds + jitter) * 1000);
}

export function formatGap(seconds: number): string {
  if (seconds % 3600 === 0 && seconds >= 3600) return `${seconds / 3600} h`;
  if (seconds % 60 === 0 && seconds >= 60) return `${seconds / 60} min`;
  if (seconds > 60) return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
  return `${seconds} s`;
}
